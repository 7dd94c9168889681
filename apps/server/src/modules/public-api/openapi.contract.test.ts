import { monthlyLimitMessage } from '@app/shared/listings/listings.schemas';
import { API_MESSAGES, RATE_LIMIT_EXTENSION } from '@app/shared/public-api/public-api.schemas';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient, createTestClock } from '../../../test/factories/billing.ts';
import { createCompanyOf, createListingOf } from '../../../test/factories/messaging.ts';
import { bearer, listingBody } from '../../../test/factories/public-api.ts';
import { completeDeal, FOUR } from '../../../test/factories/reviews.ts';
import { registeredRoutes } from '../../../test/routes.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { OPENAPI_DOCUMENT_PATH, PUBLIC_API_PREFIX } from '../../plugins/swagger.ts';

/**
 * The contract between the OpenAPI document and the server: the document is valid OpenAPI 3.1, it
 * documents every /api/v1 route, and every answer the real flow gets (status, body, headers) is one the
 * document describes for that operation.
 */

type JsonSchema = Record<string, unknown>;
type ResponseObject = {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: JsonSchema }>;
};
type Operation = { security?: Record<string, string[]>[]; responses: Record<string, ResponseObject> };
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, unknown> };
};

const storage = createLocalStorage(`/tmp/recytrade-test-uploads-${process.pid}`);
// ajv-formats is CommonJS; its default export arrives wrapped under this module setting.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;

let document: OpenApiDocument;
let ajv: Ajv2020;
const validators = new Map<string, ValidateFunction>();
/** "POST /api/v1/listings 201": every documented answer the flow below got. */
const seen = new Set<string>();

beforeAll(async () => {
  await getWorkerDatabase();
  const { app } = await buildTestApp({ storage });
  const res = await app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH });
  expect(res.statusCode).toBe(200);
  document = res.json();
  ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  // Components become schemas of their own, so `#/components/schemas/X` resolves inside Ajv.
  for (const [name, schema] of Object.entries(document.components.schemas ?? {})) {
    ajv.addSchema(rewriteRefs(schema), componentUri(name));
  }
});

const componentUri = (name: string) => `urn:recytrade:component:${name}`;

function rewriteRefs(schema: JsonSchema): JsonSchema {
  return JSON.parse(
    JSON.stringify(schema).replace(
      /"#\/components\/schemas\/([^"]+)"/g,
      (_, name) => `"${componentUri(name)}"`,
    ),
  );
}

/** `/api/v1/listings/:id` → `/api/v1/listings/{id}`. */
const documentPath = (routeUrl: string) => routeUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function operationOf(method: string, routeUrl: string): Operation {
  const operation = document.paths[documentPath(routeUrl)]?.[method.toLowerCase()];
  expect(operation, `${method} ${routeUrl} is in the document`).toBeDefined();
  return operation as Operation;
}

/** Fails unless the document describes this status for the operation, and the body and headers match it. */
function expectDocumented(res: LightMyRequestResponse, method: string, routeUrl: string) {
  const label = `${method} ${routeUrl} ${res.statusCode}`;
  const response = operationOf(method, routeUrl).responses[String(res.statusCode)];
  expect(response, `${label} is documented (body: ${res.body})`).toBeDefined();
  const schema = response.content?.['application/json']?.schema;
  if (schema) {
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    let validate = validators.get(label);
    if (!validate) {
      validate = ajv.compile(rewriteRefs(schema));
      validators.set(label, validate);
    }
    const body = res.json();
    expect(validate(body), `${label} body matches the document: ${ajv.errorsText(validate.errors)}`).toBe(
      true,
    );
  } else {
    expect(res.body, `${label} has no body`).toBe('');
  }
  for (const header of Object.keys(response.headers ?? {})) {
    expect(res.headers[header.toLowerCase()], `${label} sends the ${header} header`).toBeDefined();
  }
  seen.add(label);
}

/** A client of the public API that checks every answer against the document. */
function v1(app: FastifyInstance) {
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    routeUrl: string,
    opts: Omit<InjectOptions, 'method'>,
  ) => {
    const res = await app.inject({ method, ...opts });
    expectDocumented(res, method, routeUrl);
    return res;
  };
  return {
    token: (payload: unknown, headers?: Record<string, string>) =>
      call('POST', '/api/v1/auth/token', {
        url: '/api/v1/auth/token',
        payload: payload as InjectOptions['payload'],
        headers,
      }),
    verify: (headers: Record<string, string>) =>
      call('GET', '/api/v1/auth/verify', { url: '/api/v1/auth/verify', headers }),
    search: (token: string, query = '') =>
      call('GET', '/api/v1/listings', { url: `/api/v1/listings${query}`, headers: bearer(token) }),
    create: (token: string, payload: unknown, headers: Record<string, string> = {}) =>
      call('POST', '/api/v1/listings', {
        url: '/api/v1/listings',
        payload: payload as InjectOptions['payload'],
        headers: { ...bearer(token), ...headers },
      }),
    update: (token: string, id: string, payload: unknown) =>
      call('PUT', '/api/v1/listings/:id', {
        url: `/api/v1/listings/${encodeURIComponent(id)}`,
        payload: payload as InjectOptions['payload'],
        headers: bearer(token),
      }),
    reputation: (token: string, companyId: string) =>
      call('GET', '/api/v1/companies/:id/reputation', {
        url: `/api/v1/companies/${encodeURIComponent(companyId)}/reputation`,
        headers: bearer(token),
      }),
    reviews: (token: string, companyId: string, query = '') =>
      call('GET', '/api/v1/companies/:id/reviews', {
        url: `/api/v1/companies/${encodeURIComponent(companyId)}/reviews${query}`,
        headers: bearer(token),
      }),
  };
}

/** A signed-in trader with an API key made through the API Keys routes, and its secret. */
async function traderWithKey(app: FastifyInstance) {
  const trader = await signedInClient(app);
  const res = await trader.client.post('/api/me/api-keys', { name: 'Contract test' });
  expect(res.statusCode, res.body).toBe(201);
  return { ...trader, key: res.json() as { id: string; secret: string } };
}

async function accessToken(app: FastifyInstance, secret: string): Promise<string> {
  const res = await v1(app).token({ apiKey: secret });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().accessToken;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, public and cacheable', async () => {
    const { app } = await buildTestApp({ storage });
    const res = await createClient(app, { origin: null }).get(OPENAPI_DOCUMENT_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const validator = new Validator();
    const result = await validator.validate(res.json());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The response check below has teeth: a body of the wrong shape fails it.
    const tokenSchema =
      document.paths['/api/v1/auth/token'].post.responses['200'].content?.['application/json'];
    const validateToken = ajv.compile(rewriteRefs(tokenSchema?.schema ?? {}));
    expect(validateToken({ accessToken: 'rtt_x', tokenType: 'Bearer', expiresIn: 3600 })).toBe(false);
    const validateError = ajv.compile({ $ref: componentUri('ApiError') });
    expect(validateError({ error: { code: 'NOT_FOUND' } })).toBe(false);
    expect(validateError({ error: { code: 'NOT_FOUND', message: 'No such listing' } })).toBe(true);
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    // The limit this server enforces (the test app's API_RATE_LIMIT_PER_MINUTE), for the /api page.
    expect(res.json().info[RATE_LIMIT_EXTENSION]).toEqual({ requestsPerWindow: 1000, windowSeconds: 60 });
  });

  it('documents every /api/v1 route with its method, and nothing else', async () => {
    const { app } = await buildTestApp({ storage });
    const v1Routes = registeredRoutes(app).filter(
      (r) => r.url.startsWith(PUBLIC_API_PREFIX) && r.url !== OPENAPI_DOCUMENT_PATH && r.method !== 'HEAD',
    );
    // The tree parsed into full paths: the operations of the issues are among them.
    expect(v1Routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/v1/auth/token' },
        { method: 'GET', url: '/api/v1/auth/verify' },
        { method: 'GET', url: '/api/v1/listings' },
        { method: 'POST', url: '/api/v1/listings' },
        { method: 'PUT', url: '/api/v1/listings/:id' },
        { method: 'GET', url: '/api/v1/companies/:id/reputation' },
        { method: 'GET', url: '/api/v1/companies/:id/reviews' },
      ]),
    );
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(v1Routes.map((r) => `${r.method} ${documentPath(r.url)}`).sort());
  });

  it('gives every operation a summary, a tag, the error shape and the bearer scheme where a token is needed', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item) as [string, Operation & JsonSchema][]) {
        const label = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, label).toEqual(expect.any(String));
        expect(operation.tags, label).toHaveLength(1);
        const needsToken = path !== '/api/v1/auth/token';
        expect(operation.security ?? [], label).toEqual(needsToken ? [{ bearerAuth: [] }] : []);
        for (const status of needsToken ? ['401', '429'] : ['400', '401', '429']) {
          expect(
            operation.responses[status]?.content?.['application/json']?.schema,
            `${label} ${status}`,
          ).toEqual({
            $ref: '#/components/schemas/ApiError',
          });
        }
      }
    }
  });
});

describe('the real flow matches the document', () => {
  it('key → token → verify → create → update → search with a cursor', async () => {
    const { app } = await buildTestApp({ storage });
    const api = v1(app);
    const trader = await traderWithKey(app);
    const token = await accessToken(app, trader.key.secret);

    const verified = await api.verify(bearer(token));
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.id).toBe(trader.user.id);

    const created = [];
    for (const title of ['Baled OCC 11, lot A', 'Baled OCC 11, lot B', 'Baled OCC 11, lot C']) {
      const res = await api.create(
        token,
        listingBody({ title, grade: 'occ', incoterm: 'FOB', incotermPlace: 'Hull' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json());
    }
    const id = created[0].listing?.id ?? created[0].id;
    const updated = await api.update(token, id, { price: 101.5, availability: '1-week' });
    expect(updated.statusCode, updated.body).toBe(200);

    // Two pages of two with the cursor, then the end.
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?q=OCC&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await api.search(token, query);
      expect(page.statusCode, page.body).toBe(200);
      ids.push(...page.json().items.map((l: { id: string }) => l.id));
      cursor = page.json().nextCursor;
    } while (cursor);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect((await api.search(token, '?sort=price_asc&category=paper')).statusCode).toBe(200);
  });

  it("key → token → a company's reputation → its reviews, page by page", async () => {
    const clock = createTestClock(new Date('2026-05-04T09:00:00Z'));
    const { app } = await buildTestApp({ storage, clock });
    const api = v1(app);
    const seller = await signedInClient(app, { fullName: 'Sam Seller' });
    const admin = await adminClient(app);
    const company = await createCompanyOf(seller.client);
    const listing = await createListingOf(seller.client);
    for (const comment of ['First lot fine', 'Second lot fine']) {
      const buyer = await signedInClient(app);
      const deal = await completeDeal(
        app,
        { buyer: buyer.user, seller: seller.user, admin: admin.user },
        listing.id,
      );
      await buyer.client.post(`/api/deals/${deal.id}/reviews`, { stars: FOUR, comment });
      await seller.client.post(`/api/deals/${deal.id}/reviews`, { stars: FOUR });
      clock.set(new Date(clock.now().getTime() + 60_000));
    }
    const reader = await traderWithKey(app);
    const token = await accessToken(app, reader.key.secret);

    const reputation = await api.reputation(token, company.id);
    expect(reputation.statusCode, reputation.body).toBe(200);
    expect(reputation.json().reputation).toMatchObject({ reviewCount: 2, completedDeals: 2 });
    const first = await api.reviews(token, company.id, '?limit=1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().items[0]).toMatchObject({ comment: 'Second lot fine', reply: null });
    const second = await api.reviews(
      token,
      company.id,
      `?limit=1&cursor=${encodeURIComponent(first.json().nextCursor)}`,
    );
    expect(second.json()).toMatchObject({ items: [{ comment: 'First lot fine' }], nextCursor: null });

    expect((await api.reputation(token, 'no-such-company')).statusCode).toBe(404);
    expect((await api.reviews(token, 'no-such-company')).statusCode).toBe(404);
    expect((await api.reviews(token, company.id, '?cursor=garbled')).statusCode).toBe(400);
  });

  it('answers bad input with 400 in the documented shape', async () => {
    const { app } = await buildTestApp({ storage });
    const api = v1(app);
    const trader = await traderWithKey(app);
    const token = await accessToken(app, trader.key.secret);
    const { listing } = (await api.create(token, listingBody())).json();

    expect((await api.token({})).statusCode).toBe(400);
    expect((await api.token({ apiKey: 42 })).statusCode).toBe(400);
    expect((await api.token('{"apiKey":', { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect((await api.create(token, listingBody({ price: -1 }))).statusCode).toBe(400);
    expect((await api.create(token, { ...listingBody(), unexpected: true })).statusCode).toBe(400);
    expect((await api.create(token, '{not json', { 'content-type': 'application/json' })).statusCode).toBe(
      400,
    );
    expect((await api.update(token, listing.id, { category: 'gold' })).statusCode).toBe(400);
    expect((await api.search(token, '?limit=1000')).statusCode).toBe(400);
    expect((await api.search(token, '?cursor=not-a-cursor')).statusCode).toBe(400);
  });

  it('answers missing, bad, expired and revoked credentials with 401', async () => {
    const clock = createTestClock(new Date('2026-05-04T09:00:00Z'));
    const { app } = await buildTestApp({ storage, clock });
    const api = v1(app);
    const trader = await traderWithKey(app);
    const token = await accessToken(app, trader.key.secret);

    expect((await api.token({ apiKey: 'rtk_not-a-real-key' })).json().error.message).toBe(
      API_MESSAGES.invalidKey,
    );
    expect((await api.verify({})).json().error.message).toBe(API_MESSAGES.missingToken);
    expect((await api.verify({ authorization: 'Basic abc' })).statusCode).toBe(401);
    expect((await api.verify(bearer('rtt_garbled'))).json().error.message).toBe(API_MESSAGES.invalidToken);
    expect((await api.search('rtt_garbled')).statusCode).toBe(401);
    expect((await api.create('rtt_garbled', listingBody())).statusCode).toBe(401);
    expect((await api.update('rtt_garbled', 'any', { price: 1 })).statusCode).toBe(401);
    expect((await api.reputation('rtt_garbled', 'any')).statusCode).toBe(401);
    expect((await api.reviews('rtt_garbled', 'any')).statusCode).toBe(401);

    clock.set(new Date(clock.now().getTime() + 2 * 3600_000));
    expect((await api.verify(bearer(token))).statusCode).toBe(401);

    const fresh = await accessToken(app, trader.key.secret);
    await trader.client.request({ method: 'DELETE', url: `/api/me/api-keys/${trader.key.id}` });
    expect((await api.verify(bearer(fresh))).statusCode).toBe(401);
    expect((await api.token({ apiKey: trader.key.secret })).statusCode).toBe(401);
  });

  it("answers another user's listing with 403, an unknown one with 404 and the monthly limit with 403", async () => {
    const { app } = await buildTestApp({ storage });
    const api = v1(app);
    const owner = await traderWithKey(app);
    const other = await traderWithKey(app);
    const ownerToken = await accessToken(app, owner.key.secret);
    const otherToken = await accessToken(app, other.key.secret);
    const { listing } = (await api.create(ownerToken, listingBody())).json();

    const notOwned = await api.update(otherToken, listing.id, { price: 1 });
    expect(notOwned.statusCode).toBe(403);
    expect(notOwned.json().error.message).toBe(API_MESSAGES.listingNotOwned);
    expect((await api.update(otherToken, 'no-such-listing', { price: 1 })).statusCode).toBe(404);

    for (let i = 0; i < 4; i++) expect((await api.create(ownerToken, listingBody())).statusCode).toBe(201);
    const overLimit = await api.create(ownerToken, listingBody());
    expect(overLimit.statusCode).toBe(403);
    expect(overLimit.json().error.message).toBe(monthlyLimitMessage(5, 5));
  });

  it('answers over the rate limit with 429, Retry-After and the RateLimit headers on every operation', async () => {
    const { app } = await buildTestApp({ storage, env: { apiRateLimitPerMinute: 3 } });
    const api = v1(app);
    const trader = await traderWithKey(app);
    const token = await accessToken(app, trader.key.secret);
    for (let i = 0; i < 3; i++) expect((await api.verify(bearer(token))).statusCode).toBe(200);
    // One bucket per key: every operation of that key is now refused.
    expect((await api.verify(bearer(token))).statusCode).toBe(429);
    expect((await api.search(token)).statusCode).toBe(429);
    expect((await api.create(token, listingBody())).statusCode).toBe(429);
    expect((await api.reputation(token, 'any')).statusCode).toBe(429);
    expect((await api.reviews(token, 'any')).statusCode).toBe(429);
    const limited = await api.update(token, 'any', { price: 1 });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: 'RATE_LIMITED', message: API_MESSAGES.rateLimited });
    // The token exchange counts per presented key.
    for (let i = 0; i < 2; i++) expect((await api.token({ apiKey: trader.key.secret })).statusCode).toBe(200);
    expect((await api.token({ apiKey: trader.key.secret })).statusCode).toBe(429);
  });

  // Runs last (a file's tests run in order): the cases above produced every documented answer.
  it('produced every documented answer except maintenance mode’s 503', () => {
    expect(seen.size, 'run the whole file').toBeGreaterThan(0);
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.keys(operation.responses)
          .filter((status) => status !== '503')
          .map((status) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')} ${status}`),
      ),
    );
    expect(documented.filter((label) => !seen.has(label))).toEqual([]);
  });
});
