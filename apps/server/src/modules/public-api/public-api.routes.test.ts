import { LISTING_MESSAGES, LISTING_SORTS, monthlyLimitMessage } from '@app/shared/listings/listings.schemas';
import {
  AdminApiKeyPageSchema,
  API_KEY_LIMITS,
  API_MESSAGES,
  API_TOKEN_TTL_SECONDS,
} from '@app/shared/public-api/public-api.schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient, createTestClock } from '../../../test/factories/billing.ts';
import { createCompanyOf, createListingOf } from '../../../test/factories/messaging.ts';
import { bearer, listingBody } from '../../../test/factories/public-api.ts';
import { completeDeal, FIVE, FOUR } from '../../../test/factories/reviews.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { adminAuditLog, users } from '../../db/schema.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { apiTokens } from './public-api.table.ts';

const storage = createLocalStorage(`/tmp/recytrade-test-uploads-${process.pid}`);

async function createKey(client: TestClient, name = 'Inventory sync') {
  const res = await client.post('/api/me/api-keys', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; prefix: string; name: string };
}

/** A plain API client: no cookies, no Origin header. */
function api(app: FastifyInstance) {
  return {
    token: (apiKey: unknown) =>
      app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: { apiKey } }),
    get: (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) }),
    post: (url: string, token: string, payload: unknown) =>
      app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object }),
    put: (url: string, token: string, payload: unknown) =>
      app.inject({ method: 'PUT', url, headers: bearer(token), payload: payload as object }),
  };
}

async function tokenFor(app: FastifyInstance, apiKey: string): Promise<string> {
  const res = await api(app).token(apiKey);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().accessToken;
}

/** A signed-in trader with an API key and a fresh access token. */
async function apiTrader(app: FastifyInstance) {
  const trader = await signedInClient(app);
  const key = await createKey(trader.client);
  return { ...trader, key, token: await tokenFor(app, key.secret) };
}

function expectError(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.error.code).toEqual(expect.any(String));
  if (message) expect(body.error.message).toBe(message);
}

// The worker's database is created and migrated once, within the hook timeout rather than a test's.
beforeAll(async () => {
  await getWorkerDatabase();
});

describe('API key management (/api/me/api-keys)', () => {
  it('lets the owner create, list and revoke keys; visitors get 401 and other users 404', async () => {
    const { app } = await buildTestApp({ storage });
    const visitor = createClient(app);
    expectError(await visitor.get('/api/me/api-keys'), 401);
    expectError(await visitor.post('/api/me/api-keys', { name: 'x' }), 401);
    expectError(await visitor.request({ method: 'DELETE', url: '/api/me/api-keys/abc' }), 401);

    const owner = await signedInClient(app);
    const first = await createKey(owner.client, '  CI pipeline  ');
    expect(first.secret).toMatch(/^rtk_[A-Za-z0-9_-]{43}$/);
    expect(first).toMatchObject({
      name: 'CI pipeline',
      prefix: first.secret.slice(0, API_KEY_LIMITS.prefixLength),
    });
    const second = await createKey(owner.client, 'ERP');

    const listed = (await owner.client.get('/api/me/api-keys')).json().items;
    expect(listed.map((k: { id: string }) => k.id)).toEqual([second.id, first.id]);
    expect(listed[0]).toEqual({
      id: second.id,
      name: 'ERP',
      prefix: second.prefix,
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(first.secret);

    const other = await signedInClient(app);
    expect((await other.client.get('/api/me/api-keys')).json().items).toEqual([]);
    expectError(
      await other.client.request({ method: 'DELETE', url: `/api/me/api-keys/${first.id}` }),
      404,
      API_MESSAGES.keyNotFound,
    );
    await tokenFor(app, first.secret);

    const revoked = await owner.client.request({ method: 'DELETE', url: `/api/me/api-keys/${first.id}` });
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    const after = (await owner.client.get('/api/me/api-keys')).json().items;
    expect(after.find((k: { id: string }) => k.id === first.id).revokedAt).toEqual(expect.any(String));
    expect(after.find((k: { id: string }) => k.id === first.id).lastUsedAt).toEqual(expect.any(String));
    // Revoking again changes nothing.
    expect(
      (await owner.client.request({ method: 'DELETE', url: `/api/me/api-keys/${first.id}` })).statusCode,
    ).toBe(204);
  });

  it('validates the key name', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    expectError(await client.post('/api/me/api-keys', { name: '   ' }), 400, API_MESSAGES.nameRequired);
    expectError(await client.post('/api/me/api-keys', {}), 400, API_MESSAGES.nameRequired);
    expectError(
      await client.post('/api/me/api-keys', { name: 'x'.repeat(API_KEY_LIMITS.nameMaxLength + 1) }),
      400,
      API_MESSAGES.nameTooLong,
    );
    expectError(await client.post('/api/me/api-keys', { name: 42 }), 400);
  });

  it('allows at most 10 active keys; revoking one frees a slot', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    // Concurrent requests cannot overshoot the limit.
    const results = await Promise.all(
      Array.from({ length: API_KEY_LIMITS.maxActiveKeysPerUser + 2 }, (_, i) =>
        client.post('/api/me/api-keys', { name: `k${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(API_KEY_LIMITS.maxActiveKeysPerUser);
    for (const refused of results.filter((r) => r.statusCode !== 201))
      expectError(refused, 409, API_MESSAGES.tooManyKeys);
    expectError(
      await client.post('/api/me/api-keys', { name: 'one too many' }),
      409,
      API_MESSAGES.tooManyKeys,
    );
    const keys = (await client.get('/api/me/api-keys')).json().items;
    await client.request({ method: 'DELETE', url: `/api/me/api-keys/${keys[0].id}` });
    await createKey(client, 'replacement');
  });
});

describe('the public API flow', () => {
  it('goes from key to token to create, update and search, without cookies or Origin', async () => {
    const { app } = await buildTestApp({ storage });
    const trader = await signedInClient(app, { company: 'Pennine Fibre' });
    const key = await createKey(trader.client);
    const client = api(app);

    const tokenRes = await client.token(key.secret);
    expect(tokenRes.statusCode, tokenRes.body).toBe(200);
    const token = tokenRes.json();
    expect(token).toEqual({
      accessToken: expect.stringMatching(/^rtt_[A-Za-z0-9_-]{43}$/),
      tokenType: 'Bearer',
      expiresIn: API_TOKEN_TTL_SECONDS,
      expiresAt: expect.any(String),
    });

    const verify = await client.get('/api/v1/auth/verify', token.accessToken);
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toEqual({
      valid: true,
      user: { id: trader.user.id, name: 'Dana Fischer', email: trader.user.email, company: 'Pennine Fibre' },
      apiKey: { id: key.id, name: key.name, prefix: key.prefix },
      expiresAt: token.expiresAt,
    });

    const created = await client.post(
      '/api/v1/listings',
      token.accessToken,
      listingBody({ title: '  <b>Baled</b> OCC <script>x</script>grade 11 ' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { listing, featuredCheckoutUrl } = created.json();
    expect(featuredCheckoutUrl).toBeNull();
    expect(listing).toMatchObject({ userId: trader.user.id, title: 'Baled OCC grade 11', priceCents: 9500 });

    const updated = await client.put(`/api/v1/listings/${listing.id}`, token.accessToken, {
      price: 101.5,
      description: 'Now <i>double</i> baled.',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      id: listing.id,
      priceCents: 10150,
      description: 'Now double baled.',
    });

    // The web app sees the same listing, changed.
    const web = (await trader.client.get(`/api/listings/${listing.id}`)).json();
    expect(web).toMatchObject({ priceCents: 10150, description: 'Now double baled.' });

    const found = await client.get('/api/v1/listings?q=baled&category=paper', token.accessToken);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({ items: [expect.objectContaining({ id: listing.id })], nextCursor: null });
    const none = await client.get('/api/v1/listings?q=baled&category=metals', token.accessToken);
    expect(none.json()).toEqual({ items: [], nextCursor: null });

    const keys = (await trader.client.get('/api/me/api-keys')).json().items;
    expect(keys[0].lastUsedAt).toEqual(expect.any(String));
  });

  it('pages through every sort with nextCursor, with no duplicates or gaps, in the marketplace order', async () => {
    const clock = createTestClock(new Date('2026-05-04T09:00:00Z'));
    const { app } = await buildTestApp({ storage, clock });
    const client = api(app);
    const prices = [10, 25, 25, 7.5, 40, 25, 10, 99, 3, 25, 60, 10];
    const quantities = [5, 5, 12, 1, 30, 5, 8, 5, 2, 12, 7, 5];
    const traders = [await apiTrader(app), await apiTrader(app), await apiTrader(app)];
    for (const [i, price] of prices.entries()) {
      // Every other listing shares its creation time with the one before: ties break on the id.
      if (i % 2 === 0) clock.set(new Date(clock.now().getTime() + 1000));
      const trader = traders[i % traders.length];
      const res = await client.post(
        '/api/v1/listings',
        trader.token,
        listingBody({ title: `Lot ${i}`, price, quantity: quantities[i] }),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const token = traders[0].token;
    for (const sort of LISTING_SORTS) {
      const expected = (await createClient(app).get(`/api/listings?sort=${sort}&limit=50`))
        .json()
        .items.map((l: { id: string }) => l.id);
      expect(expected).toHaveLength(prices.length);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/v1/listings?sort=${sort}&limit=5${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await client.get(url, token);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json() as { items: { id: string }[]; nextCursor: string | null };
        seen.push(...page.items.map((l) => l.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages, sort).toBe(3);
      expect(seen, sort).toEqual(expected);
    }
    // Filters apply on every page, as in the marketplace.
    const first = (await client.get('/api/v1/listings?minPrice=20&sort=price_asc&limit=2', token)).json();
    const second = (
      await client.get(
        `/api/v1/listings?minPrice=20&sort=price_asc&limit=2&cursor=${first.nextCursor}`,
        token,
      )
    ).json();
    expect([...first.items, ...second.items].map((l: { priceCents: number }) => l.priceCents)).toEqual([
      2500, 2500, 2500, 2500,
    ]);
  });

  it('answers 403 for another user’s listing and 404 for an unknown one', async () => {
    const { app } = await buildTestApp({ storage });
    const owner = await apiTrader(app);
    const other = await apiTrader(app);
    const client = api(app);
    const listing = (await client.post('/api/v1/listings', owner.token, listingBody())).json().listing;
    expectError(
      await client.put(`/api/v1/listings/${listing.id}`, other.token, { price: 1 }),
      403,
      API_MESSAGES.listingNotOwned,
    );
    expectError(await client.put('/api/v1/listings/no-such-listing', other.token, { price: 1 }), 404);
    // The web app still hides someone else's listing behind a 404.
    expect((await other.client.patch(`/api/listings/${listing.id}`, { price: 1 })).statusCode).toBe(404);
    expect((await client.get(`/api/v1/listings?q=baled`, owner.token)).json().items[0].priceCents).toBe(9500);
  });

  it('refuses a listing over the monthly limit with the specification’s message', async () => {
    const { app } = await buildTestApp({ storage });
    const trader = await apiTrader(app);
    const client = api(app);
    for (let i = 0; i < 5; i++)
      expect((await client.post('/api/v1/listings', trader.token, listingBody())).statusCode).toBe(201);
    expectError(
      await client.post('/api/v1/listings', trader.token, listingBody()),
      403,
      monthlyLimitMessage(5, 5),
    );
  });
});

describe("a company's reputation and reviews (/api/v1/companies/:id/…)", () => {
  /**
   * A seller's company with four concluded deals: two with both reviews (published, a minute apart),
   * one with a lone buyer review still in its window, one whose buyer review an administrator hid.
   */
  async function reviewedCompany() {
    const clock = createTestClock(new Date('2026-05-04T09:00:00Z'));
    const { app } = await buildTestApp({ storage, clock });
    const seller = await signedInClient(app, { fullName: 'Sam Seller' });
    const [early, late, waiting, abusive] = await Promise.all(
      ['Ada Early', 'Ben Late', 'Cy Waiting', 'Dee Abusive'].map((fullName) =>
        signedInClient(app, { fullName, company: `${fullName} Ltd` }),
      ),
    );
    const admin = await adminClient(app);
    const company = await createCompanyOf(seller.client, { companyName: 'Seller Recycling' });
    const listing = await createListingOf(seller.client, { quantity: 20 });
    const review = (client: TestClient, dealId: string, comment: string, stars = FOUR) =>
      client.post(`/api/deals/${dealId}/reviews`, { stars, comment });
    const dealWith = (buyer: typeof early) =>
      completeDeal(app, { buyer: buyer.user, seller: seller.user, admin: admin.user }, listing.id);

    for (const [buyer, comment] of [
      [early, 'Clean bales, on time.'],
      [late, 'Exactly the grade agreed.'],
    ] as const) {
      const deal = await dealWith(buyer);
      await review(buyer.client, deal.id, comment);
      await review(seller.client, deal.id, 'Paid promptly.', FIVE);
      clock.set(new Date(clock.now().getTime() + 60_000));
    }
    const pending = await dealWith(waiting);
    await review(waiting.client, pending.id, 'Not public for two weeks.');
    const hidden = await dealWith(abusive);
    const written = await review(abusive.client, hidden.id, 'Crooks!', {
      asAgreed: 1,
      communication: 1,
      timeliness: 1,
    });
    await review(seller.client, hidden.id, 'Fine buyer.', FIVE);
    const hide = await admin.client.post(`/api/admin/reviews/${written.json().mine.id}/hide`, {
      reason: 'Insults',
    });
    expect(hide.statusCode, hide.body).toBe(200);
    return { app, seller, waiting, abusive, admin, company };
  }

  it('gives every key holder the same published reviews, newest first, and the figures they make; never an unpublished or hidden one', async () => {
    const { app, seller, waiting, abusive, admin, company } = await reviewedCompany();
    const stranger = await apiTrader(app);
    // The seller blocked this trader: reading public figures reaches nobody, so it still may.
    const blocked = await apiTrader(app);
    expect((await seller.client.post('/api/me/blocks', { userId: blocked.user.id })).statusCode).toBe(201);
    const keyOf = async (client: TestClient) => tokenFor(app, (await createKey(client)).secret);
    const tokens = {
      stranger: stranger.token,
      blocked: blocked.token,
      owner: await keyOf(seller.client),
      'author of the unpublished review': await keyOf(waiting.client),
      'author of the hidden review': await keyOf(abusive.client),
      administrator: await keyOf(admin.client),
    };
    const client = api(app);
    for (const [role, token] of Object.entries(tokens)) {
      const reviews = await client.get(`/api/v1/companies/${company.id}/reviews`, token);
      expect(reviews.statusCode, `${role}: ${reviews.body}`).toBe(200);
      expect(reviews.json(), role).toEqual({
        items: [
          expect.objectContaining({
            comment: 'Exactly the grade agreed.',
            author: { name: 'Ben Late', companyName: 'Ben Late Ltd' },
            authorRole: 'buyer',
            stars: FOUR,
            average: 4,
            reply: null,
          }),
          expect.objectContaining({ comment: 'Clean bales, on time.' }),
        ],
        nextCursor: null,
      });
      expect(reviews.body, role).not.toMatch(/Not public|Crooks|Insults/);
      // Nothing of the deal or of moderation, nor the author's account.
      expect(Object.keys(reviews.json().items[0]).sort(), role).toEqual([
        'author',
        'authorRole',
        'average',
        'comment',
        'dealTitle',
        'id',
        'publishedAt',
        'reply',
        'stars',
      ]);

      const figures = await client.get(`/api/v1/companies/${company.id}/reputation`, token);
      expect(figures.statusCode, `${role}: ${figures.body}`).toBe(200);
      expect(figures.json(), role).toEqual({
        companyId: company.id,
        reputation: expect.objectContaining({
          reviewCount: 2,
          averageRating: 4,
          completedDeals: 4,
          level: 1,
        }),
      });
    }
    // The figures match the company page's.
    const page = (await createClient(app).get(`/api/companies/${company.id}/reputation`)).json();
    const figures = (await client.get(`/api/v1/companies/${company.id}/reputation`, stranger.token)).json();
    expect(figures.reputation).toEqual(page.reputation);
  });

  it('pages with nextCursor, refuses a bad cursor or limit, and answers 404 for a company that is not listed', async () => {
    const { app, seller, company } = await reviewedCompany();
    const { token } = await apiTrader(app);
    const client = api(app);
    const url = `/api/v1/companies/${company.id}/reviews`;
    const first = (await client.get(`${url}?limit=1`, token)).json();
    expect(first.items.map((r: { comment: string }) => r.comment)).toEqual(['Exactly the grade agreed.']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await client.get(`${url}?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`, token)
    ).json();
    expect(second).toEqual({
      items: [expect.objectContaining({ comment: 'Clean bales, on time.' })],
      nextCursor: null,
    });

    const ofAnother = Buffer.from(
      JSON.stringify([
        'another-company',
        ...JSON.parse(Buffer.from(first.nextCursor, 'base64url').toString()).slice(1),
      ]),
    ).toString('base64url');
    for (const bad of ['not-a-cursor', Buffer.from('["x","y","z"]').toString('base64url'), ofAnother])
      expectError(await client.get(`${url}?cursor=${bad}`, token), 400, API_MESSAGES.invalidReviewsCursor);
    for (const limit of ['0', '51', 'ten'])
      expectError(await client.get(`${url}?limit=${limit}`, token), 400);

    expectError(await client.get('/api/v1/companies/no-such-company/reputation', token), 404);
    expectError(await client.get('/api/v1/companies/no-such-company/reviews', token), 404);
    expect(
      (await seller.client.request({ method: 'DELETE', url: `/api/companies/${company.id}` })).statusCode,
    ).toBe(204);
    expectError(await client.get(`/api/v1/companies/${company.id}/reputation`, token), 404);
    expectError(await client.get(url, token), 404);
  });

  it('answers without a token, with a garbled or revoked one, or with a session cookie only, 401', async () => {
    const { app } = await buildTestApp({ storage });
    const owner = await signedInClient(app);
    const company = await createCompanyOf(owner.client);
    const trader = await apiTrader(app);
    const client = api(app);
    for (const path of ['reputation', 'reviews']) {
      const url = `/api/v1/companies/${company.id}/${path}`;
      expect((await client.get(url, trader.token)).statusCode).toBe(200);
      expectError(await app.inject({ method: 'GET', url }), 401, API_MESSAGES.missingToken);
      expectError(await client.get(url, 'rtt_garbled'), 401, API_MESSAGES.invalidToken);
      expectError(await trader.client.get(url), 401, API_MESSAGES.missingToken);
    }
    await trader.client.request({ method: 'DELETE', url: `/api/me/api-keys/${trader.key.id}` });
    expectError(
      await client.get(`/api/v1/companies/${company.id}/reviews`, trader.token),
      401,
      API_MESSAGES.invalidToken,
    );
  });
});

describe('credentials that stop working', () => {
  it('revoking a key refuses its token exchange and its existing tokens at once', async () => {
    const { app } = await buildTestApp({ storage });
    const trader = await apiTrader(app);
    const client = api(app);
    expect((await client.get('/api/v1/auth/verify', trader.token)).statusCode).toBe(200);
    await trader.client.request({ method: 'DELETE', url: `/api/me/api-keys/${trader.key.id}` });
    expectError(await client.get('/api/v1/auth/verify', trader.token), 401, API_MESSAGES.invalidToken);
    expectError(
      await client.post('/api/v1/listings', trader.token, listingBody()),
      401,
      API_MESSAGES.invalidToken,
    );
    expectError(await client.token(trader.key.secret), 401, API_MESSAGES.invalidKey);
  });

  it('lets an administrator see every user’s keys and revoke one, audited; others get 401 and 403', async () => {
    const { app, database } = await buildTestApp({ storage });
    const [trader, other, admin] = await Promise.all([apiTrader(app), apiTrader(app), adminClient(app)]);
    await createKey(other.client, 'Spare');
    expect((await createClient(app).get('/api/admin/api-keys')).statusCode).toBe(401);
    expect((await trader.client.get('/api/admin/api-keys')).statusCode).toBe(403);
    expect((await trader.client.post(`/api/admin/api-keys/${other.key.id}/revoke`, {})).statusCode).toBe(403);

    const listed = AdminApiKeyPageSchema.parse((await admin.client.get('/api/admin/api-keys')).json());
    expect(listed).toMatchObject({ activeCount: 3, total: 3, page: 1 });
    const entry = listed.items.find((k) => k.id === trader.key.id);
    expect(entry).toMatchObject({
      prefix: trader.key.prefix,
      owner: { id: trader.user.id, email: trader.user.email },
      revokedAt: null,
    });
    // The most recent activity first (a use, else the creation: the spare key was made last), never a secret.
    expect(listed.items[0]?.name).toBe('Spare');
    expect(JSON.stringify(listed)).not.toContain(trader.key.secret);

    const revoked = await admin.client.post(`/api/admin/api-keys/${trader.key.id}/revoke`, {});
    expect(revoked.statusCode, revoked.body).toBe(204);
    expectError(await api(app).get('/api/v1/auth/verify', trader.token), 401, API_MESSAGES.invalidToken);
    expect((await api(app).get('/api/v1/auth/verify', other.token)).statusCode).toBe(200);
    const again = await admin.client.post(`/api/admin/api-keys/${trader.key.id}/revoke`, {});
    expectError(again, 409, API_MESSAGES.keyAlreadyRevoked);
    expectError(
      await admin.client.post('/api/admin/api-keys/nope/revoke', {}),
      404,
      API_MESSAGES.keyNotFound,
    );
    expect((await admin.client.get('/api/admin/api-keys?page=0')).statusCode).toBe(400);

    const audits = await database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, trader.key.id));
    expect(audits.map((a) => [a.action, a.actorUserId])).toEqual([['api_key.revoke', admin.user.id]]);
    const after = AdminApiKeyPageSchema.parse((await admin.client.get('/api/admin/api-keys')).json());
    expect(after.activeCount).toBe(2);
    // Revoked keys sink to the end of the list.
    expect(after.items.at(-1)?.id).toBe(trader.key.id);
  });

  it('a suspended user’s keys and tokens stop working at once', async () => {
    const { app, database } = await buildTestApp({ storage });
    const trader = await apiTrader(app);
    const client = api(app);
    await database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, trader.user.id));
    expectError(await client.get('/api/v1/listings', trader.token), 401, API_MESSAGES.invalidToken);
    expectError(await client.token(trader.key.secret), 401, API_MESSAGES.invalidKey);
  });

  it('a token expires after its lifetime, and the sweep deletes it', async () => {
    const clock = createTestClock(new Date('2026-05-04T09:00:00Z'));
    const { app, database } = await buildTestApp({ storage, clock });
    const trader = await apiTrader(app);
    const client = api(app);
    clock.set(new Date(clock.now().getTime() + (API_TOKEN_TTL_SECONDS - 1) * 1000));
    expect((await client.get('/api/v1/auth/verify', trader.token)).statusCode).toBe(200);
    clock.set(new Date(clock.now().getTime() + 2000));
    expectError(await client.get('/api/v1/auth/verify', trader.token), 401, API_MESSAGES.invalidToken);
    expect(await app.services.publicApi.purgeExpiredTokens()).toBe(1);
    expect(await database.db.select().from(apiTokens)).toEqual([]);
    // The key itself still works.
    await tokenFor(app, trader.key.secret);
  });

  it('records a key’s last use at most once a minute', async () => {
    const clock = createTestClock(new Date('2026-05-04T09:00:00Z'));
    const { app } = await buildTestApp({ storage, clock });
    const trader = await apiTrader(app);
    const lastUsed = async () => (await trader.client.get('/api/me/api-keys')).json().items[0].lastUsedAt;
    expect(await lastUsed()).toBe('2026-05-04T09:00:00.000Z');
    clock.set(new Date('2026-05-04T09:00:59Z'));
    await api(app).get('/api/v1/auth/verify', trader.token);
    expect(await lastUsed()).toBe('2026-05-04T09:00:00.000Z');
    clock.set(new Date('2026-05-04T09:01:01Z'));
    await api(app).get('/api/v1/auth/verify', trader.token);
    expect(await lastUsed()).toBe('2026-05-04T09:01:01.000Z');
  });
});

describe('bad requests', () => {
  it('answers a missing, garbled or wrong Authorization header with 401 and WWW-Authenticate', async () => {
    const { app } = await buildTestApp({ storage });
    const trader = await apiTrader(app);
    const missing = await app.inject({ method: 'GET', url: '/api/v1/listings' });
    expectError(missing, 401, API_MESSAGES.missingToken);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="api"');
    for (const authorization of [
      'Basic dXNlcjpwYXNz',
      'Bearer',
      'Bearer ',
      'Bearer rtt_not-a-real-token',
      `Bearer ${trader.key.secret}`,
      `Bearer ${'rtt_'.padEnd(5000, 'x')}`,
      `Bearer ${trader.token} extra`,
    ]) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/auth/verify', headers: { authorization } });
      expectError(res, 401, API_MESSAGES.invalidToken);
      expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
    }
    // Checked before the body: an unauthenticated bad body is a 401, not a 400.
    expectError(
      await app.inject({
        method: 'POST',
        url: '/api/v1/listings',
        payload: '{nope',
        headers: { 'content-type': 'application/json' },
      }),
      401,
    );
  });

  it('never lets a session cookie authenticate the public API', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    expectError(await client.get('/api/v1/listings'), 401, API_MESSAGES.missingToken);
    expectError(await client.get('/api/v1/auth/verify'), 401, API_MESSAGES.missingToken);
    expectError(await client.post('/api/v1/listings', listingBody()), 401, API_MESSAGES.missingToken);
  });

  it('answers malformed bodies, queries and cursors with 400, never 500', async () => {
    const { app } = await buildTestApp({ storage });
    const trader = await apiTrader(app);
    const client = api(app);
    const json = { 'content-type': 'application/json' };
    const raw = (method: 'POST' | 'PUT', url: string, payload: string, auth = true) =>
      app.inject({ method, url, payload, headers: { ...json, ...(auth ? bearer(trader.token) : {}) } });

    expectError(
      await raw('POST', '/api/v1/auth/token', '{"apiKey":', false),
      400,
      'The request body is not valid JSON',
    );
    expectError(await raw('POST', '/api/v1/auth/token', '[]', false), 400);
    expectError(await client.token(undefined), 400);
    expectError(await client.token(12), 400);
    expectError(await client.token('x'.repeat(500)), 400);
    expectError(await client.token('rtk_wrong'), 401, API_MESSAGES.invalidKey);
    expectError(await client.token('not-even-a-key'), 401, API_MESSAGES.invalidKey);

    expectError(
      await raw('POST', '/api/v1/listings', '{"title":'),
      400,
      'The request body is not valid JSON',
    );
    expectError(await raw('POST', '/api/v1/listings', 'null'), 400);
    expectError(await client.post('/api/v1/listings', trader.token, listingBody({ price: -1 })), 400);
    expectError(await client.post('/api/v1/listings', trader.token, listingBody({ type: 'lease' })), 400);
    expectError(await client.post('/api/v1/listings', trader.token, { title: 'only a title' }), 400);
    const listing = (await client.post('/api/v1/listings', trader.token, listingBody())).json().listing;
    expectError(await client.put(`/api/v1/listings/${listing.id}`, trader.token, { userId: 'someone' }), 400);
    expectError(await client.put(`/api/v1/listings/${listing.id}`, trader.token, { quantity: 'lots' }), 400);
    expectError(await raw('PUT', `/api/v1/listings/${listing.id}`, '{'), 400);
    // Numbers past 1,000,000,000 and infinite ones are refused, not clamped to 1,000,000.
    expectError(
      await client.post('/api/v1/listings', trader.token, listingBody({ price: 1e21 })),
      400,
      LISTING_MESSAGES.priceTooLarge,
    );
    expectError(
      await raw('PUT', `/api/v1/listings/${listing.id}`, '{"quantity":1e400}'),
      400,
      LISTING_MESSAGES.quantityNotFinite,
    );

    for (const query of [
      'sort=cheapest',
      'limit=0',
      'limit=101',
      'limit=ten',
      'minPrice=abc',
      'type=lease',
      `q=${'a'.repeat(300)}`,
      'cursor=%%%',
      'cursor=bm90LWpzb24',
      `cursor=${Buffer.from(JSON.stringify(['newest', '2026-13-45T25:00:00.000000Z', 'id'])).toString('base64url')}`,
      `cursor=${Buffer.from(JSON.stringify(['newest', "1' or 1=1 --", 'id'])).toString('base64url')}`,
      `cursor=${Buffer.from(JSON.stringify(['price_asc', '1e99', 'id'])).toString('base64url')}`,
      `cursor=${'a'.repeat(600)}`,
    ]) {
      const res = await client.get(`/api/v1/listings?${query}`, trader.token);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    // A cursor belongs to its sort.
    await client.post('/api/v1/listings', trader.token, listingBody());
    const page = (await client.get('/api/v1/listings?sort=price_desc&limit=1', trader.token)).json();
    expect(page.nextCursor).toEqual(expect.any(String));
    expectError(
      await client.get(`/api/v1/listings?sort=newest&cursor=${page.nextCursor}`, trader.token),
      400,
    );
  });
});

describe('rate limits and platform state', () => {
  it('limits requests per API key with RateLimit headers and a 429 with Retry-After', async () => {
    const { app } = await buildTestApp({ storage, env: { apiRateLimitPerMinute: 3 } });
    const trader = await apiTrader(app);
    const client = api(app);
    for (let i = 0; i < 3; i++) {
      const res = await client.get('/api/v1/auth/verify', trader.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
      expect(res.headers['ratelimit-remaining']).toBe(String(2 - i));
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    const limited = await client.get('/api/v1/listings', trader.token);
    expectError(limited, 429, API_MESSAGES.rateLimited);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');

    // A second token of the same key shares the key's budget; another key has its own.
    const again = await tokenFor(app, trader.key.secret);
    expectError(await client.get('/api/v1/auth/verify', again), 429);
    const other = await apiTrader(app);
    expect((await client.get('/api/v1/auth/verify', other.token)).statusCode).toBe(200);

    // The token exchange is limited per presented key.
    const exchanges = await Promise.all([1, 2, 3, 4].map(() => client.token(other.key.secret)));
    expect(exchanges.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429]);
  });

  it('answers 503 in maintenance mode', async () => {
    const { app } = await buildTestApp({ storage });
    const trader = await apiTrader(app);
    const admin = await adminClient(app);
    expect(
      (await admin.client.patch('/api/admin/settings', { 'platform.maintenance_mode': true })).statusCode,
    ).toBe(200);
    const res = await api(app).get('/api/v1/listings', trader.token);
    expectError(res, 503);
    expect(res.json().error.code).toBe('MAINTENANCE');
    expectError(await api(app).token(trader.key.secret), 503);
  });

  it('never writes keys or tokens to the logs', async () => {
    const lines: string[] = [];
    const { app } = await buildTestApp({
      storage,
      env: { logLevel: 'trace' },
      logStream: { write: (line: string) => lines.push(line) },
    });
    const trader = await apiTrader(app);
    const client = api(app);
    const listing = (await client.post('/api/v1/listings', trader.token, listingBody())).json().listing;
    await client.put(`/api/v1/listings/${listing.id}`, trader.token, { price: 3 });
    await client.get('/api/v1/auth/verify', trader.token);
    await client.get('/api/v1/listings?q=baled', trader.token);
    await client.token(`${trader.key.secret}x`);
    await app.inject({ method: 'GET', url: '/api/v1/auth/verify', headers: bearer(`${trader.token}x`) });
    app.log.info({ req: { headers: bearer(trader.token), body: { apiKey: trader.key.secret } } }, 'probe');
    const output = lines.join('');
    expect(output).toContain('/api/v1/auth/token');
    expect(output).toContain('probe');
    expect(output).not.toContain(trader.key.secret);
    expect(output).not.toContain(trader.key.secret.slice(API_KEY_LIMITS.prefixLength));
    expect(output).not.toContain(trader.token);
    expect(output).not.toContain(trader.token.slice(8));
  });
});
