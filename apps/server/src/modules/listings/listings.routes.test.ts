import { LISTING_MESSAGES, monthlyLimitMessage } from '@app/shared/listings/listings.schemas';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient, waitForEmail } from '../../../test/factories/accounts.ts';
import {
  adminClient,
  createTestClock,
  pathOf,
  postForm,
  SUCCESS_CARD,
  settleWebhooks,
  subscribedClient,
} from '../../../test/factories/billing.ts';
import { smallPng, uploadParts } from '../../../test/factories/listings.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { updateListing } from './listings.repository.ts';

const storage = createLocalStorage(`/tmp/recytrade-test-uploads-${process.pid}`);

function listingBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Copper #2 Birch/Cliff',
    type: 'sell',
    description: 'Clean bare bright and #2 copper wire, mixed lots, ready to ship.',
    availability: 'immediate',
    category: 'metals',
    location: 'Rotterdam, Netherlands',
    price: 3.4,
    quantity: 12,
    unit: 'pounds',
    ...overrides,
  };
}

async function createListing(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/api/listings', listingBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().listing as { id: string; [k: string]: unknown };
}

async function upload(client: TestClient, filename: string, bytes: Buffer, contentType?: string) {
  return uploadParts(client, [{ filename, bytes, contentType }]);
}

const png = smallPng;

describe('creating and reading listings', () => {
  it('creates a sanitised listing for a signed-in user and shows it to visitors; visitors cannot create', async () => {
    const { app } = await buildTestApp({ storage });
    const visitor = createClient(app);
    expect((await visitor.post('/api/listings', listingBody())).statusCode).toBe(401);

    const { client } = await signedInClient(app);
    const res = await client.post(
      '/api/listings',
      listingBody({
        title: '  <b>Copper</b> <script>alert(1)</script>wire ',
        price: 1_000_000,
        quantity: 1_000_000,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { listing, featuredCheckoutUrl } = res.json();
    expect(featuredCheckoutUrl).toBeNull();
    expect(listing).toMatchObject({
      title: 'Copper wire',
      priceCents: 100_000_000,
      quantity: 1_000_000,
      status: 'active',
      approvalStatus: 'pending',
    });
    expect(new Date(listing.expiresAt).getUTCDate()).toBe(1);

    const detail = await visitor.get(`/api/listings/${listing.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().adminNotes).toBeUndefined();
    const page = await visitor.get('/api/listings?q=copper');
    expect(page.json()).toMatchObject({ total: 1, page: 1, pageSize: 20 });
  });

  it('rejects bad input with the spec messages joined by ", " and never answers 500', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    const long = await client.post(
      '/api/listings',
      listingBody({ title: 'x'.repeat(101), description: 'y'.repeat(1001) }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(
      `${LISTING_MESSAGES.titleTooLong}, ${LISTING_MESSAGES.descriptionTooLong}`,
    );
    const empty = await client.post('/api/listings', listingBody({ title: '<i></i>', price: 0 }));
    expect(empty.json().error.message).toBe(
      `${LISTING_MESSAGES.titleRequired}, ${LISTING_MESSAGES.priceAboveZero}`,
    );
    for (const bad of [
      { type: 'rent' },
      { category: 'glass' },
      { unit: 'gallons' },
      { price: 'abc' },
      { imageIds: ['1', '2', '3', '4', '5', '6'] },
      { imageIds: ['not-mine'] },
      { extra: true },
    ]) {
      const r = await client.post('/api/listings', listingBody(bad));
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.json().error.code).toBe('VALIDATION_FAILED');
    }
    const six = await client.post('/api/listings', listingBody({ imageIds: ['1', '2', '3', '4', '5', '6'] }));
    expect(six.json().error.message).toBe(LISTING_MESSAGES.tooManyImages);
    const huge = await client.request({
      method: 'POST',
      url: '/api/listings',
      payload: JSON.stringify(listingBody()).replace('"price":3.4', '"price":1e400'),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(400);
    expect((await client.get('/api/listings?sort=random')).statusCode).toBe(400);
    expect((await client.get('/api/listings?minPrice=-1')).statusCode).toBe(400);
  });

  it('refuses prices and quantities that are not finite, past 1,000,000 or of more than 2 decimals, never clamping them', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    const raw = (method: 'POST' | 'PATCH', url: string, body: string) =>
      client.request({ method, url, payload: body, headers: { 'content-type': 'application/json' } });
    const json = (overrides: Record<string, string>) =>
      Object.entries(overrides).reduce(
        (body, [key, value]) => body.replace(new RegExp(`"${key}":[^,}]+`), `"${key}":${value}`),
        JSON.stringify(listingBody()),
      );
    const cases: Array<[Record<string, string>, string]> = [
      [{ price: '1e21' }, LISTING_MESSAGES.priceTooLarge],
      [{ price: '1000000000.01' }, LISTING_MESSAGES.priceTooLarge],
      [{ price: '1000000.01' }, LISTING_MESSAGES.priceTooLarge],
      [{ quantity: '2000000' }, LISTING_MESSAGES.quantityTooLarge],
      [{ quantity: '1e21' }, LISTING_MESSAGES.quantityTooLarge],
      [{ price: '1e400' }, LISTING_MESSAGES.priceNotFinite],
      [{ price: '-1e400' }, LISTING_MESSAGES.priceNotFinite],
      [{ quantity: '1e400' }, LISTING_MESSAGES.quantityNotFinite],
      [{ price: '0' }, LISTING_MESSAGES.priceAboveZero],
      [{ quantity: '-1' }, LISTING_MESSAGES.quantityAboveZero],
      [{ price: '0.001' }, LISTING_MESSAGES.priceDecimals],
      [{ quantity: '0.004' }, LISTING_MESSAGES.quantityDecimals],
    ];
    for (const [overrides, message] of cases) {
      const res = await raw('POST', '/api/listings', json(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect((await client.get('/api/me/listings')).json().items).toHaveLength(0);

    // The specification's clamp to 1,000,000 is a refusal that names the limit, on create and edit;
    // the limit itself is stored as sent.
    const listing = await createListing(client, { price: 1e6, quantity: 1e6 });
    expect(listing).toMatchObject({ priceCents: 100_000_000, quantity: 1_000_000 });
    for (const body of ['{"price":1e21}', '{"price":1e9}', '{"quantity":2000000}']) {
      const edit = await raw('PATCH', `/api/listings/${listing.id}`, body);
      expect(edit.statusCode, body).toBe(400);
      expect(edit.json().error.message, body).toMatch(/must be 1,000,000 or less/);
    }
    const stored = await client.get(`/api/listings/${listing.id}`);
    expect(stored.json()).toMatchObject({ priceCents: 100_000_000, quantity: 1_000_000 });
  });

  it('searches by words, partial words and filters, with sorting and paging', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    await createListing(client, {
      title: 'HMS 1&2 heavy melting steel',
      price: 310,
      unit: 'tons',
      quantity: 500,
    });
    await createListing(client, {
      title: 'OCC bales',
      description: 'Old corrugated cardboard bales, baled and dry',
      category: 'paper',
      price: 95,
      unit: 'tons',
      quantity: 40,
      location: 'Chicago, USA',
    });
    await createListing(client, {
      title: 'PET bottle bales',
      type: 'buy',
      description: 'Looking for clear PET bottles',
      category: 'plastics',
      price: 0.18,
      quantity: 20000,
    });
    const visitor = createClient(app);
    const q = async (qs: string) => (await visitor.get(`/api/listings?${qs}`)).json();
    expect((await q('q=bales')).total).toBe(2);
    expect((await q('q=corrugat')).items[0].title).toBe('OCC bales');
    expect((await q('q=melting steel')).total).toBe(1);
    expect((await q('q=cardboard')).total).toBe(1);
    // Words: all of them, anywhere in title or description; the last one also as a beginning.
    expect((await q('q=cardb')).total).toBe(1);
    expect((await q('q=corrugated bal')).items.map((l: { title: string }) => l.title)).toEqual(['OCC bales']);
    expect((await q('q=bottles clear')).items.map((l: { title: string }) => l.title)).toEqual([
      'PET bottle bales',
    ]);
    expect((await q('q=steel bales')).total).toBe(0);
    // One word may also sit inside a title word (trigram); operators in the text are plain characters.
    expect((await q('q=elting')).total).toBe(1);
    expect((await q('q=steel%20%26%20!melting')).total).toBe(1);
    expect((await q('category=paper')).total).toBe(1);
    expect((await q('type=buy')).items[0].totalCents).toBeNull();
    expect((await q('minPrice=90&maxPrice=100')).items.map((l: { title: string }) => l.title)).toEqual([
      'OCC bales',
    ]);
    expect((await q('location=chicago')).total).toBe(1);
    expect((await q('unit=tons&minQuantity=100')).total).toBe(1);
    expect((await q('sort=price_desc')).items[0].priceCents).toBe(31000);
    expect((await q('sort=quantity_desc')).items[0].quantity).toBe(20000);
    const paged = await q('limit=2&page=2&sort=price_asc');
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);
    expect((await q('q=%25')).total).toBe(0);
    const featured = await visitor.get('/api/listings/featured');
    expect(featured.json().items).toHaveLength(3);
    // One trader's listings (the company page): only theirs.
    const { client: other, user: otherUser } = await signedInClient(app);
    await createListing(other, { title: 'Aluminium UBC bales' });
    expect((await q(`sellerId=${otherUser.id}`)).items.map((l: { title: string }) => l.title)).toEqual([
      'Aluminium UBC bales',
    ]);
    expect((await q('sellerId=unknown-user')).total).toBe(0);
  });

  it('counts a view once per visitor per day', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    const listing = await createListing(client);
    const other = await signedInClient(app);
    const visitor = createClient(app);
    await visitor.get(`/api/listings/${listing.id}`, { 'user-agent': 'a' });
    await visitor.get(`/api/listings/${listing.id}`, { 'user-agent': 'a' });
    await other.client.get(`/api/listings/${listing.id}`);
    await other.client.get(`/api/listings/${listing.id}`);
    await client.get(`/api/listings/${listing.id}`);
    expect((await visitor.get(`/api/listings/${listing.id}`, { 'user-agent': 'a' })).json().views).toBe(2);
    expect((await visitor.get('/api/listings/nope')).statusCode).toBe(404);
  });

  it('does not count a new view when a visitor or a signed-in user changes the User-Agent', async () => {
    const clock = createTestClock(new Date('2026-03-02T10:00:00Z'));
    const { app } = await buildTestApp({ storage, clock });
    const owner = await signedInClient(app);
    const other = await signedInClient(app);
    const listing = await createListing(owner.client);
    const view = (c: TestClient, agent: string, remoteAddress = '198.51.100.7') =>
      c.request({
        method: 'GET',
        url: `/api/listings/${listing.id}`,
        headers: { 'user-agent': agent },
        remoteAddress,
      });
    const visitor = createClient(app);
    for (let i = 0; i < 5; i++) await view(visitor, `curl/8.${i}`);
    expect((await view(visitor, 'Mozilla/5.0')).json().views).toBe(1);
    // A signed-in user is one viewer whatever the agent and the address.
    for (let i = 0; i < 3; i++) await view(other.client, `agent-${i}`, `203.0.113.${i}`);
    expect((await view(visitor, 'curl/9')).json().views).toBe(2);
    // Another address is another visitor; the owner and an administrator viewing are not counted twice.
    await view(createClient(app), 'curl/8.0', '198.51.100.8');
    await view(owner.client, 'x');
    const admin = await adminClient(app);
    await view(admin.client, 'a');
    await view(admin.client, 'b');
    expect((await view(visitor, 'curl/10')).json().views).toBe(4);
    // The window is the UTC day: the same visitor the next day is a new view.
    clock.advanceDays(1);
    expect((await view(visitor, 'curl/11')).json().views).toBe(5);
  });
});

describe('managing one’s listings', () => {
  it('lets only the owner edit and delete; others get 404 with the spec message', async () => {
    const { app } = await buildTestApp({ storage });
    const owner = await signedInClient(app);
    const other = await signedInClient(app);
    const listing = await createListing(owner.client);

    const edit = await other.client.patch(`/api/listings/${listing.id}`, { title: 'Mine now' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error.message).toBe(LISTING_MESSAGES.notFoundOrNotYours);
    const del = await other.client.request({ method: 'DELETE', url: `/api/listings/${listing.id}` });
    expect(del.statusCode).toBe(404);
    expect(del.json().error.message).toBe(LISTING_MESSAGES.notFoundOrNotYoursDelete);
    expect((await createClient(app).patch(`/api/listings/${listing.id}`, { title: 'x' })).statusCode).toBe(
      401,
    );

    const ok = await owner.client.patch(`/api/listings/${listing.id}`, {
      title: '<b>Copper</b> #1',
      price: 4,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Copper #1', priceCents: 400 });

    const mine = await owner.client.get('/api/me/listings');
    expect(mine.json()).toMatchObject({ total: 1, pageSize: 12 });
    expect((await other.client.get('/api/me/listings')).json().total).toBe(0);

    expect(
      (await owner.client.request({ method: 'DELETE', url: `/api/listings/${listing.id}` })).statusCode,
    ).toBe(204);
    expect((await owner.client.get(`/api/listings/${listing.id}`)).statusCode).toBe(404);
  });

  it('limits free users to 5 listings a month (deleting one frees its slot); premium is unlimited', async () => {
    const { app } = await buildTestApp({ storage });
    const free = await signedInClient(app);
    for (let i = 0; i < 5; i++) await createListing(free.client);
    const usage = (await free.client.get('/api/me/listing-usage')).json();
    expect(usage).toMatchObject({ plan: 'free', usedThisMonth: 5, limit: 5, canCreate: false });
    const full = await free.client.post('/api/listings', listingBody());
    expect(full.statusCode).toBe(403);
    expect(full.json().error.code).toBe('LISTING_LIMIT_REACHED');
    expect(full.json().error.message).toBe(monthlyLimitMessage(5, 5));

    const mine = (await free.client.get('/api/me/listings')).json();
    const del = (client: TestClient) =>
      client.request({ method: 'DELETE', url: `/api/listings/${mine.items[0].id}` });
    // A visitor or another user cannot delete it, and their attempt frees nothing.
    expect((await del(createClient(app))).statusCode).toBe(401);
    expect((await del((await signedInClient(app)).client)).statusCode).toBe(404);
    expect((await free.client.get('/api/me/listing-usage')).json()).toMatchObject({ usedThisMonth: 5 });

    expect((await del(free.client)).statusCode).toBe(204);
    expect((await del(free.client)).statusCode).toBe(404);
    expect((await free.client.get('/api/me/listing-usage')).json()).toMatchObject({
      usedThisMonth: 4,
      canCreate: true,
    });
    await createListing(free.client);
    const refused = await free.client.post('/api/listings', listingBody());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('LISTING_LIMIT_REACHED');
    expect(refused.json().error.message).toBe(monthlyLimitMessage(5, 5));

    const premium = await subscribedClient(app);
    for (let i = 0; i < 6; i++) {
      const listing = await createListing(premium.client);
      expect(listing.expiresAt).toBeNull();
    }
    expect((await premium.client.get('/api/me/listing-usage')).json()).toMatchObject({
      plan: 'premium',
      limit: null,
      canCreate: true,
    });
  });

  it('deleting a listing created last month does not free a slot in this month', async () => {
    const clock = createTestClock(new Date('2026-03-31T12:00:00Z'));
    const { app } = await buildTestApp({ storage, clock });
    const free = await signedInClient(app);
    const march = await createListing(free.client);
    clock.set(new Date('2026-04-01T12:00:00Z'));
    for (let i = 0; i < 5; i++) await createListing(free.client);
    expect(
      (await free.client.request({ method: 'DELETE', url: `/api/listings/${march.id}` })).statusCode,
    ).toBe(204);
    expect((await free.client.get('/api/me/listing-usage')).json()).toMatchObject({
      usedThisMonth: 5,
      canCreate: false,
    });
    expect((await free.client.post('/api/listings', listingBody())).statusCode).toBe(403);
  });
});

describe('listing photos', () => {
  it('accepts an image by its bytes, re-encodes it to WebP and serves it; rejects text and oversize files', async () => {
    const { app } = await buildTestApp({ storage });
    const { client, user } = await signedInClient(app);
    const other = await signedInClient(app);
    expect((await upload(createClient(app), 'a.png', await png())).statusCode).toBe(401);

    const res = await upload(client, 'photo.jpg', await png(), 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ width: 40, height: 30 });
    const served = await createClient(app).get(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    expect((await createClient(app).get('/media/../../etc/passwd')).statusCode).toBe(404);

    const text = await upload(client, 'evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe(LISTING_MESSAGES.fileWrongType);
    const big = await upload(client, 'big.png', Buffer.alloc(6 * 1024 * 1024, 1), 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(LISTING_MESSAGES.fileTooLarge);

    // Another user cannot attach my upload; I can, and deleting the listing removes the files.
    expect((await other.client.post('/api/listings', listingBody({ imageIds: [image.id] }))).statusCode).toBe(
      400,
    );
    const listing = await createListing(client, { imageIds: [image.id] });
    expect((listing.images as unknown[]).length).toBe(1);
    expect(user.id).toBeTruthy();

    // Editing replaces the photos: the dropped one is deleted, the new one attached.
    const second = (
      await upload(
        client,
        'b.gif',
        await sharp(await png())
          .gif()
          .toBuffer(),
      )
    ).json();
    const edited = await client.patch(`/api/listings/${listing.id}`, { imageIds: [second.id] });
    expect(edited.json().images.map((i: { id: string }) => i.id)).toEqual([second.id]);
    expect((await createClient(app).get(image.url)).statusCode).toBe(404);

    await client.request({ method: 'DELETE', url: `/api/listings/${listing.id}` });
    expect((await createClient(app).get(second.url)).statusCode).toBe(404);
  });

  it('accepts a large photo under 5 MB (above the 1 MB JSON body limit) and shrinks it to 1600 px', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    const noisy = await sharp({
      create: {
        width: 2000,
        height: 1000,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    expect(noisy.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(client, 'big.jpeg', noisy, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 1600, height: 800 });
  });
});

describe('moderation, featuring and expiry', () => {
  it('lets admins approve and reject with a reason; rejection hides the listing and emails the owner', async () => {
    const { app } = await buildTestApp({ storage });
    const owner = await signedInClient(app);
    const other = await signedInClient(app);
    const admin = await adminClient(app);
    const listing = await createListing(owner.client, { title: 'Textile <i>rags</i>', category: 'textiles' });

    expect((await createClient(app).get('/api/admin/listings')).statusCode).toBe(401);
    expect((await other.client.get('/api/admin/listings')).statusCode).toBe(403);
    expect((await other.client.post(`/api/admin/listings/${listing.id}/approve`, {})).statusCode).toBe(403);
    const queue = await admin.client.get('/api/admin/listings?status=pending');
    expect(queue.json().items[0]).toMatchObject({ id: listing.id, ownerEmail: owner.user.email });

    const noReason = await admin.client.post(`/api/admin/listings/${listing.id}/reject`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(LISTING_MESSAGES.rejectionReasonRequired);
    const rejected = await admin.client.post(`/api/admin/listings/${listing.id}/reject`, {
      reason: 'Photos <b>missing</b> & price unclear',
    });
    expect(rejected.json()).toMatchObject({
      approvalStatus: 'rejected',
      adminNotes: 'Photos missing & price unclear',
    });
    const email = await waitForEmail(app, owner.user.email, 'listing-rejected');
    expect(email.htmlBody).toContain('Photos missing &amp; price unclear');

    expect((await createClient(app).get(`/api/listings/${listing.id}`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/listings/${listing.id}`)).statusCode).toBe(404);
    expect((await createClient(app).get('/api/listings')).json().total).toBe(0);
    const own = await owner.client.get(`/api/listings/${listing.id}`);
    expect(own.json().adminNotes).toBe('Photos missing & price unclear');

    const approved = await admin.client.post(`/api/admin/listings/${listing.id}/approve`, {
      notes: 'ok now',
    });
    expect(approved.json()).toMatchObject({ approvalStatus: 'approved', adminNotes: 'ok now' });
    expect((await createClient(app).get('/api/listings')).json().total).toBe(1);
  });

  it('with pre-moderation on, hides new listings until an administrator approves them', async () => {
    const { app } = await buildTestApp({ storage });
    const admin = await adminClient(app);
    const settings = await admin.client.patch('/api/admin/settings', { 'listings.pre_moderation': true });
    expect(settings.statusCode, settings.body).toBe(200);
    const owner = await signedInClient(app);
    const listing = await createListing(owner.client);
    const visitor = createClient(app);
    expect((await visitor.get('/api/listings')).json().total).toBe(0);
    expect((await visitor.get(`/api/listings/${listing.id}`)).statusCode).toBe(404);
    expect((await owner.client.get(`/api/listings/${listing.id}`)).statusCode).toBe(200);
    await admin.client.post(`/api/admin/listings/${listing.id}/approve`, {});
    expect((await visitor.get('/api/listings')).json().total).toBe(1);
  });

  it('features a listing when the sandbox payment succeeds', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    const res = await client.post('/api/listings', listingBody({ wantsFeatured: true }));
    const { listing, featuredCheckoutUrl } = res.json();
    expect(featuredCheckoutUrl).toMatch(/\/sandbox\/checkout\//);
    const again = await client.post(`/api/listings/${listing.id}/feature`, {});
    expect(again.json().url).toBe(featuredCheckoutUrl);
    const paid = await postForm(client, pathOf(featuredCheckoutUrl), {
      action: 'pay',
      email: 'payer@example.test',
      method: 'card',
      ...SUCCESS_CARD,
    });
    expect(paid.statusCode).toBe(303);
    await settleWebhooks(app);
    await expect
      .poll(async () => (await client.get(`/api/listings/${listing.id}`)).json().isFeatured, {
        timeout: 10_000,
      })
      .toBe(true);
    const detail = (await client.get(`/api/listings/${listing.id}`)).json();
    const days = (new Date(detail.featuredUntil).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect((await client.post(`/api/listings/${listing.id}/feature`, {})).statusCode).toBe(409);
  });

  it('expires free listings at 00:00 UTC on the 1st and ends featuring when it runs out', async () => {
    const clock = createTestClock(new Date('2026-03-31T23:50:00Z'));
    const { app, database } = await buildTestApp({ storage, clock });
    const { client } = await signedInClient(app);
    const listing = await createListing(client);
    expect(listing.expiresAt).toBe('2026-04-01T00:00:00.000Z');
    expect(await app.services.listings.runExpiry()).toMatchObject({ expired: 0 });
    clock.set(new Date('2026-04-01T00:00:00Z'));
    expect(await app.services.listings.runExpiry()).toMatchObject({ expired: 1 });
    expect((await createClient(app).get(`/api/listings/${listing.id}`)).statusCode).toBe(404);
    expect((await client.get(`/api/listings/${listing.id}`)).json().status).toBe('expired');
    // A new month gives the free user a fresh allowance.
    expect((await client.get('/api/me/listing-usage')).json()).toMatchObject({ usedThisMonth: 0 });

    // Featuring ends when it runs out.
    const featured = await createListing(client);
    await updateListing(database.db, featured.id, {
      isFeatured: true,
      featuredUntil: new Date(clock.now().getTime() + 86_400_000),
    });
    expect((await app.services.listings.runExpiry()).unfeatured).toBe(0);
    clock.advanceDays(1);
    expect((await app.services.listings.runExpiry()).unfeatured).toBe(1);
    expect((await client.get(`/api/listings/${featured.id}`)).json().isFeatured).toBe(false);

    // Uploads never attached to a listing are purged after a day, files included.
    const orphan = (await upload(client, 'a.png', await png())).json();
    expect(await app.services.listings.purgeUnattachedUploads()).toBe(0);
    clock.advanceDays(2);
    expect(await app.services.listings.purgeUnattachedUploads()).toBe(1);
    expect((await createClient(app).get(orphan.url)).statusCode).toBe(404);
  });
});
