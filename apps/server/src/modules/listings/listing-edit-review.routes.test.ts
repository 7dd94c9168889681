import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { smallPng, uploadParts } from '../../../test/factories/listings.ts';
import { createListingOf } from '../../../test/factories/messaging.ts';
import { bearer } from '../../../test/factories/public-api.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { createLocalStorage } from '../../lib/storage.ts';

const storage = createLocalStorage(`/tmp/recytrade-test-uploads-review-${process.pid}`);

beforeAll(async () => {
  await getWorkerDatabase();
});

/** An app with an owner's approved listing (95 $/t), an administrator, another trader and a visitor. */
async function approvedListing(preModeration: boolean) {
  const { app } = await buildTestApp({ storage });
  const admin = await adminClient(app);
  if (preModeration)
    expect(
      (await admin.client.patch('/api/admin/settings', { 'listings.pre_moderation': true })).statusCode,
    ).toBe(200);
  const owner = await signedInClient(app);
  const other = await signedInClient(app);
  const listing = await createListingOf(owner.client, { title: 'Baled OCC cardboard' });
  expect((await admin.client.post(`/api/admin/listings/${listing.id}/approve`, {})).statusCode).toBe(200);
  const visitor = createClient(app);
  const isPublic = async () => {
    const detail = (await visitor.get(`/api/listings/${listing.id}`)).statusCode;
    const inSearch = (await visitor.get('/api/listings'))
      .json()
      .items.some((l: { id: string }) => l.id === listing.id);
    expect(inSearch).toBe(detail === 200);
    return detail === 200;
  };
  const queued = async () =>
    (await admin.client.get('/api/admin/listings?status=pending'))
      .json()
      .items.find((l: { id: string }) => l.id === listing.id);
  const edit = async (client: TestClient, body: Record<string, unknown>) =>
    client.patch(`/api/listings/${listing.id}`, body);
  return { app, admin, owner, other, visitor, listing, isPublic, queued, edit };
}

describe('material edits go back to review', () => {
  it('under pre-moderation, a spam title on an approved listing hides it until an administrator approves it again', async () => {
    const t = await approvedListing(true);
    expect(await t.isPublic()).toBe(true);
    // Small changes keep it approved: location, quantity and a 10% price change.
    const small = await t.edit(t.owner.client, { location: 'Ghent, Belgium', quantity: 25, price: 104.5 });
    expect(small.json().approvalStatus).toBe('approved');
    expect(await t.queued()).toBeUndefined();
    // Another trader cannot edit it at all.
    expect((await t.edit(t.other.client, { title: 'CHEAP PILLS' })).statusCode).toBe(404);

    const spam = await t.edit(t.owner.client, { title: 'CHEAP PILLS visit spam.example' });
    expect(spam.statusCode, spam.body).toBe(200);
    expect(spam.json().approvalStatus).toBe('pending');
    expect(await t.isPublic()).toBe(false);
    expect((await t.other.client.get(`/api/listings/${t.listing.id}`)).statusCode).toBe(404);
    expect((await t.owner.client.get(`/api/listings/${t.listing.id}`)).statusCode).toBe(200);
    expect((await t.queued()).reviewChanges).toEqual([
      {
        field: 'title',
        label: 'Title',
        before: 'Baled OCC cardboard',
        after: 'CHEAP PILLS visit spam.example',
      },
    ]);
    // A trader cannot see the queue; the administrator's approval publishes it and clears the changes.
    expect((await t.other.client.get('/api/admin/listings?status=pending')).statusCode).toBe(403);
    expect((await t.admin.client.post(`/api/admin/listings/${t.listing.id}/approve`, {})).statusCode).toBe(
      200,
    );
    expect(await t.isPublic()).toBe(true);
    const approved = (await t.admin.client.get('/api/admin/listings?status=approved')).json().items[0];
    expect(approved.reviewChanges).toEqual([]);
  });

  it('under post-moderation, a big price change or a new photo keeps it public and puts it in the review queue with what changed', async () => {
    const t = await approvedListing(false);
    const repriced = await t.edit(t.owner.client, { price: 40 });
    expect(repriced.json().approvalStatus).toBe('pending');
    expect(await t.isPublic()).toBe(true);
    expect((await t.queued()).reviewChanges).toEqual([
      { field: 'price', label: 'Price', before: '$95.00', after: '$40.00' },
    ]);
    // Further edits add to the same review: the price keeps its approved value as "before".
    const image = (
      await uploadParts(t.owner.client, [
        { filename: 'a.png', bytes: await smallPng(), contentType: 'image/png' },
      ])
    ).json();
    await t.edit(t.owner.client, {
      price: 30,
      imageIds: [image.id],
      description: 'Now mixed with plastics.',
    });
    expect((await t.queued()).reviewChanges).toEqual([
      { field: 'price', label: 'Price', before: '$95.00', after: '$30.00' },
      {
        field: 'description',
        label: 'Description',
        before: 'Old corrugated containers, baled, dry, 20 t per month.',
        after: 'Now mixed with plastics.',
      },
      { field: 'images', label: 'Images', before: '0 images', after: '1 image (1 new)' },
    ]);
    // Removing the photo is not material; rejecting hides the listing and the edit does not reopen it.
    await t.edit(t.owner.client, { imageIds: [] });
    await t.admin.client.post(`/api/admin/listings/${t.listing.id}/reject`, { reason: 'Misleading price' });
    const afterReject = await t.edit(t.owner.client, { title: 'Another try' });
    expect(afterReject.json().approvalStatus).toBe('rejected');
    expect(await t.isPublic()).toBe(false);
  });

  it('a brand-new listing edited before its first review records no changes', async () => {
    const { app } = await buildTestApp({ storage });
    const admin = await adminClient(app);
    const owner = await signedInClient(app);
    const listing = await createListingOf(owner.client);
    await owner.client.patch(`/api/listings/${listing.id}`, { title: 'Baled OCC, grade 11' });
    const queued = (await admin.client.get('/api/admin/listings?status=pending')).json().items[0];
    expect(queued).toMatchObject({ id: listing.id, title: 'Baled OCC, grade 11', reviewChanges: [] });
  });

  it('the public API update goes through the same review', async () => {
    const t = await approvedListing(true);
    const key = (await t.owner.client.post('/api/me/api-keys', { name: 'Sync' })).json();
    const token = (
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: { apiKey: key.secret } })
    ).json().accessToken;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/listings/${t.listing.id}`,
      headers: bearer(token),
      payload: { title: 'Replica watches' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.isPublic()).toBe(false);
    expect((await t.queued()).reviewChanges[0]).toMatchObject({ field: 'title', after: 'Replica watches' });
  });
});
