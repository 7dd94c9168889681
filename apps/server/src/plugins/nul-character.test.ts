import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ILL_FORMED_TEXT_MESSAGE, NUL_CHARACTER_MESSAGE } from '@app/shared/zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../test/build-test-app.ts';
import { signedInClient, signUpBody } from '../../test/factories/accounts.ts';
import { adminClient } from '../../test/factories/billing.ts';
import { createCompanyOf, createListingOf, openConversationBetween } from '../../test/factories/messaging.ts';
import { bearer, listingBody } from '../../test/factories/public-api.ts';
import { registeredRoutes } from '../../test/routes.ts';
import { getWorkerDatabase } from '../../test/test-database.ts';
import { rawQuery } from '../db/client.ts';
import { containsNulCharacter, unstorableTextIn } from './nul-character.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

const NUL = '\u0000';

/** Rows of every application table: a refused request must leave all of them as they were. */
async function rowCounts(): Promise<Record<string, number>> {
  const database = await getWorkerDatabase();
  const tables = await rawQuery<{ name: string }>(
    database,
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rawQuery<{ n: number }>(database, `select count(*)::int as n from "${name}"`);
    counts[name] = row.n;
  }
  return counts;
}

function expectNulRefused(
  res: { statusCode: number; body: string; json: () => unknown },
  label: string,
  message = NUL_CHARACTER_MESSAGE,
) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(400);
  const { error } = res.json() as { error: { code: string; message: string } };
  expect(error.code, label).toBe('VALIDATION_FAILED');
  expect(error.message, label).toContain(message);
}

type Case = { label: string; send: (text: string) => Promise<Awaited<ReturnType<TestClient['post']>>> };

/** A request per text field of the forms and the public API, each sending the given text in that field. */
async function everyTextField(): Promise<Case[]> {
  const { app } = await buildTestApp();
  const seller = await signedInClient(app);
  const buyer = await signedInClient(app);
  const admin = await adminClient(app);
  const listing = await createListingOf(seller.client);
  const company = await createCompanyOf(seller.client);
  const { conversation } = await openConversationBetween(app, buyer.user.id, seller.user.id);
  const key = await seller.client.post('/api/me/api-keys', { name: 'Integration' });
  const token = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/token',
    payload: { apiKey: key.json().secret },
  });
  const accessToken = token.json().accessToken as string;
  const visitor = createClient(app);

  const cases: Case[] = [
    {
      label: 'sign-up company',
      send: (t) => visitor.post('/api/accounts/sign-up', signUpBody({ company: t })),
    },
    {
      label: 'sign-up name',
      send: (t) => visitor.post('/api/accounts/sign-up', signUpBody({ fullName: t })),
    },
    {
      label: 'sign-up email',
      send: (t) => visitor.post('/api/accounts/sign-up', signUpBody({ email: `dana${t}@example.test` })),
    },
    { label: 'profile name', send: (t) => buyer.client.patch('/api/me/profile', { fullName: t }) },
    { label: 'listing title', send: (t) => seller.client.post('/api/listings', listingBody({ title: t })) },
    {
      label: 'listing description',
      send: (t) => seller.client.post('/api/listings', listingBody({ description: `Bales ${t}` })),
    },
    {
      label: 'listing location',
      send: (t) => seller.client.patch(`/api/listings/${listing.id}`, { location: t }),
    },
    {
      label: 'deal notes',
      send: (t) => buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 1000, notes: t }),
    },
    {
      label: 'company name',
      send: (t) => seller.client.post('/api/companies', { ...companyBody(), companyName: t }),
    },
    {
      label: 'company description',
      send: (t) =>
        seller.client.request({
          method: 'PUT',
          url: `/api/companies/${company.id}`,
          payload: { ...companyBody(), description: t },
        }),
    },
    {
      label: 'company name, edited',
      send: (t) => seller.client.patch(`/api/companies/${company.id}`, { companyName: t }),
    },
    {
      label: 'message',
      send: (t) => buyer.client.post(`/api/conversations/${conversation.id}/messages`, { content: t }),
    },
    {
      label: 'conversation subject',
      send: (t) =>
        buyer.client.post('/api/conversations', {
          listingId: listing.id,
          subject: t,
          initialMessage: 'Hello',
        }),
    },
    { label: 'contact message', send: (t) => visitor.post('/api/contact', contactBody({ message: t })) },
    { label: 'contact name', send: (t) => visitor.post('/api/contact', contactBody({ firstName: t })) },
    {
      label: 'blog post',
      send: (t) => admin.client.post('/api/admin/blog/posts', { title: 'Scrap prices', content: t }),
    },
    { label: 'blog tag', send: (t) => admin.client.post('/api/admin/blog/tags', { name: t }) },
    {
      label: 'admin setting',
      send: (t) =>
        admin.client.patch('/api/admin/settings', { 'email.from_address': `ops${t}@example.test` }),
    },
    {
      label: 'public API v1 listing',
      send: (t) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/listings',
          headers: bearer(accessToken),
          payload: listingBody({ title: t }),
        }),
    },
  ];
  return cases;
}

describe('a NUL character in a request', () => {
  it('is refused with 400 in every text field of the forms and the public API, and nothing is stored', async () => {
    const cases = await everyTextField();
    const before = await rowCounts();
    for (const { label, send } of cases) {
      expectNulRefused(await send(`Copper${NUL}`), label);
      // The field itself is the one named.
      expect(JSON.stringify((await send(NUL)).json()), label).toContain(NUL_CHARACTER_MESSAGE);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('in the URL, path or query, answers 400 on every route, before any handler runs', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const routes = registeredRoutes(app).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(100);
    const before = await rowCounts();
    for (const route of routes) {
      const withParams = route.url.replace(/:[A-Za-z]+/g, `id%00`).replace(/\*$/, 'x%00');
      const urls =
        withParams === route.url
          ? [`${route.url}?q=%00`]
          : [withParams, `${route.url.replace(/:[A-Za-z]+/g, 'id')}?q=%00`];
      for (const url of urls) {
        const res = await admin.client.request({ method: route.method as 'GET', url, payload: undefined });
        expectNulRefused(res, `${route.method} ${url}`);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('anywhere in a body no text schema reads (a route without a body schema) answers 400', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const res = await client.post('/api/accounts/sign-out', { reason: [{ [`why${NUL}`]: 'done' }] });
    expectNulRefused(res, 'sign-out');
    expect((await client.get('/api/me')).json().user).not.toBeNull();
  });

  it('is refused by every shared contract: each is written in the shared zod, never zod itself', () => {
    const root = fileURLToPath(new URL('../../../../packages/shared/src', import.meta.url));
    const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'zod.ts',
    );
    expect(sources.length).toBeGreaterThan(20);
    const direct = sources.filter((file) =>
      /from ['"]zod(\/[^'"]*)?['"]/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(direct).toEqual([]);
  });

  it('is found in strings, keys and nested values, and only there', () => {
    expect(containsNulCharacter({ a: [{ b: `x${NUL}` }] })).toBe(true);
    expect(containsNulCharacter({ [`k${NUL}`]: 1 })).toBe(true);
    expect(containsNulCharacter(`${NUL}`)).toBe(true);
    expect(containsNulCharacter({ a: ['x', 1, null, true, { b: '\\u0000' }] })).toBe(false);
    expect(containsNulCharacter(Buffer.from([0, 0]))).toBe(false);
    expect(containsNulCharacter(undefined)).toBe(false);
    // Deeply nested JSON is walked without recursion.
    let deep: unknown = NUL;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(containsNulCharacter(deep)).toBe(true);
  });
});

const LONE_SURROGATES = ['\ud800', '\udfff', '\ud83d'];

describe('a lone UTF-16 surrogate (ill-formed text) in a request', () => {
  it('is refused with 400 in every text field of the forms and the public API, and nothing is stored', async () => {
    const cases = await everyTextField();
    const before = await rowCounts();
    for (const { label, send } of cases) {
      for (const lone of LONE_SURROGATES) {
        const res = await send(`Copper ${lone}`);
        expectNulRefused(res, `${label} ${JSON.stringify(lone)}`, ILL_FORMED_TEXT_MESSAGE);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('keeps a well-formed pair (an emoji) as sent', async () => {
    const { app } = await buildTestApp();
    const seller = await signedInClient(app);
    const company = await createCompanyOf(seller.client);
    const name = 'Acme ♻️ 😀 Metals';
    const res = await seller.client.patch(`/api/companies/${company.id}`, { companyName: name });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().companyName).toBe(name);
  });

  it('in a body no text schema reads, an object key, a header, a query or a path answers 400', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const admin = await adminClient(app);
    const refused = (res: Parameters<typeof expectNulRefused>[0], label: string) =>
      expectNulRefused(res, label, ILL_FORMED_TEXT_MESSAGE);
    refused(await client.post('/api/accounts/sign-out', { reason: [{ why: 'done\udc00' }] }), 'value');
    refused(await client.post('/api/accounts/sign-out', { 'why\ud800': 'done' }), 'key');
    expect((await client.get('/api/me')).json().user).not.toBeNull();
    const probe = { method: 'GET' as const, url: '/api/me', headers: { 'user-agent': 'Probe \ud800' } };
    refused(await client.request(probe), 'header');
    // UTF-8 has no form of a surrogate: %ED%A0%80 (U+D800) and %ED%BF%BF (U+DFFF) are refused on every
    // route, in the query by this guard, in the path by the router already (its own words).
    const routes = registeredRoutes(app).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    const before = await rowCounts();
    const send = (url: string) => admin.client.request({ method: 'GET', url, payload: undefined });
    for (const route of routes) {
      const request = (url: string) =>
        admin.client.request({ method: route.method as 'GET', url, payload: undefined });
      const plain = route.url.replace(/:[A-Za-z]+/g, 'id').replace(/\*$/, 'x');
      refused(await request(`${plain}?q=Copper%ED%BF%BF`), `${route.method} ${plain} query`);
      refused(await request(`${plain}?q=%ed%a0%80`), `${route.method} ${plain} query`);
      const withParams = route.url.replace(/:[A-Za-z]+/g, 'id%ED%A0%80').replace(/\*$/, 'x%ED%BF%BF');
      if (withParams !== route.url) {
        const res = await request(withParams);
        expect(res.statusCode, `${route.method} ${withParams}`).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
    }
    // Percent-encoded text that is valid UTF-8 (an emoji, U+FFFD itself) is a query like any other.
    expect((await send('/api/listings?q=%F0%9F%98%80%EF%BF%BD')).statusCode).toBe(200);
    expect(await rowCounts()).toEqual(before);
  });

  it('is found in strings and keys, and a well-formed pair is not', () => {
    expect(unstorableTextIn({ a: [{ b: 'x\ud800' }] })).toBe(ILL_FORMED_TEXT_MESSAGE);
    expect(unstorableTextIn({ 'k\udfff': 1 })).toBe(ILL_FORMED_TEXT_MESSAGE);
    expect(unstorableTextIn({ a: ['😀', '\\ud800', 1, null] })).toBeNull();
  });
});

function companyBody() {
  return {
    companyName: 'Greenloop Metals',
    contactEmail: 'sales@greenloop.test',
    companyType: 'seller',
    materials: ['Metals'],
  };
}

function contactBody(overrides: Record<string, unknown>) {
  return {
    firstName: 'Dana',
    lastName: 'Fischer',
    email: 'dana@example.test',
    subject: 'Question',
    message: 'Do you list copper?',
    ...overrides,
  };
}
