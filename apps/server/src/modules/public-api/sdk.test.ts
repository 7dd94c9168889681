import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { RecytradeApiError, RecytradeClient } from '../../../../web/public/sdk/recytrade-client.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { createCompanyOf } from '../../../test/factories/messaging.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { OPENAPI_DOCUMENT_PATH } from '../../plugins/swagger.ts';
import { renderSdkTypes, SDK_CLIENT_FILE, SDK_TYPES_FILE } from './sdk-generator.ts';

const storage = createLocalStorage(`/tmp/recytrade-test-uploads-${process.pid}`);

beforeAll(async () => {
  await getWorkerDatabase();
});

/** The client's fetch, answered by the app in-process. */
function injectFetch(app: FastifyInstance, calls: string[] = []): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string | undefined,
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };
}

describe('the TypeScript SDK served at /sdk/', () => {
  it('is up to date with the OpenAPI document (run `npm run generate:sdk` after changing a /api/v1 route)', async () => {
    const { app } = await buildTestApp({ storage });
    const document = (await app.inject({ method: 'GET', url: OPENAPI_DOCUMENT_PATH })).json();
    const committed = readFileSync(SDK_TYPES_FILE, 'utf8');
    expect(committed === (await renderSdkTypes(document)), 'recytrade-api.d.ts is out of date').toBe(true);
  });

  it('has a client that type-checks against the generated types', () => {
    const program = ts.createProgram([SDK_CLIENT_FILE], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      skipLibCheck: false,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });

  it('has a client that exchanges the key, renews the token and calls every operation', async () => {
    const { app } = await buildTestApp({ storage });
    const trader = await signedInClient(app);
    const key = (await trader.client.post('/api/me/api-keys', { name: 'SDK' })).json();
    const calls: string[] = [];
    const recytrade = new RecytradeClient({
      baseUrl: 'http://localhost:3000/',
      apiKey: key.secret,
      fetch: injectFetch(app, calls),
    });

    expect((await recytrade.verify()).user.id).toBe(trader.user.id);
    const { listing } = await recytrade.createListing({
      title: 'HMS 1&2 80:20, 500 t a month',
      type: 'sell',
      description: 'Heavy melting steel, cut to charge, loaded on trucks at our yard.',
      availability: 'immediate',
      category: 'metals',
      location: 'Rotterdam, Netherlands',
      price: 310,
      quantity: 500,
      unit: 'tons',
    });
    expect((await recytrade.updateListing(listing.id, { price: 305 })).priceCents).toBe(30_500);
    const found = [];
    for await (const item of recytrade.allListings({ q: 'HMS', limit: 1 })) found.push(item.id);
    expect(found).toEqual([listing.id]);
    // A company's figures and its published reviews (none yet), page after page.
    const company = await createCompanyOf(trader.client);
    expect((await recytrade.companyReputation(company.id)).reputation).toMatchObject({
      reviewCount: 0,
      completedDeals: 0,
    });
    const reviews = [];
    for await (const review of recytrade.allCompanyReviews(company.id, { limit: 5 })) reviews.push(review);
    expect(reviews).toEqual([]);
    // One exchange served every call.
    expect(calls.filter((c) => c === 'POST /api/v1/auth/token')).toHaveLength(1);

    const error = await recytrade.updateListing('no-such-listing', { price: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecytradeApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });

    // A margin longer than the token's life renews it before every call.
    const eager = new RecytradeClient({
      baseUrl: 'http://localhost:3000',
      apiKey: key.secret,
      refreshMarginSeconds: 7200,
      fetch: injectFetch(app, calls),
    });
    calls.length = 0;
    await eager.verify();
    await eager.verify();
    expect(calls.filter((c) => c === 'POST /api/v1/auth/token')).toHaveLength(2);
  });
});
