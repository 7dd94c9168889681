import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { requestVerificationOf } from '../../../test/factories/companies.ts';
import { createCompanyOf, createListingOf } from '../../../test/factories/messaging.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import type { Db } from '../../db/client.ts';
import {
  adminAuditLog,
  admins,
  blogPosts,
  companies,
  deals,
  listings,
  paymentMethods,
  users,
  warmFactors,
  wireTransfers,
} from '../../db/schema.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

type Res = { statusCode: number; body: string; json(): unknown };
const GENERIC_500 = {
  error: { code: 'INTERNAL', message: 'An unexpected error occurred. Please try again.' },
};

/** While it exists, every insert into the audit log fails, as a broken audit store would. */
async function withFailingAuditLog(db: Db, work: () => Promise<void>): Promise<void> {
  await db.execute(sql`
    create or replace function audit_log_unavailable() returns trigger language plpgsql as $$
    begin raise exception 'audit log unavailable'; end $$`);
  await db.execute(sql`
    create trigger audit_log_unavailable before insert on admin_audit_log
    for each row execute function audit_log_unavailable()`);
  try {
    await work();
  } finally {
    await db.execute(sql`drop trigger if exists audit_log_unavailable on admin_audit_log`);
    await db.execute(sql`drop function if exists audit_log_unavailable()`);
  }
}

type Signed = Awaited<ReturnType<typeof signedInClient>>;

/** An offer both parties confirmed, funded by wire: the wire transfer awaits the administrator. */
async function wireFundedDeal(db: Db, buyer: Signed, seller: Signed, listingId: string) {
  const created = await buyer.client.post('/api/deals', { listingId, dealValue: 1000 });
  expect(created.statusCode, created.body).toBe(201);
  const deal = created.json() as { id: string };
  for (const [party, path, body] of [
    [buyer, 'actions', { action: 'confirm' }],
    [seller, 'actions', { action: 'confirm' }],
    [buyer, 'fund', { method: 'wire' }],
  ] as const) {
    const res = await party.client.post(`/api/deals/${deal.id}/${path}`, body);
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  const [wire] = await db.select().from(wireTransfers).where(eq(wireTransfers.relatedId, deal.id));
  return { deal, wire };
}

describe('admin actions and their audit rows commit together', () => {
  it('undoes the action when its audit row cannot be written, and records it when it can', async () => {
    const { app, database } = await buildTestApp();
    const db = database.db;
    const [admin, seller, buyer, other] = await Promise.all([
      adminClient(app),
      signedInClient(app),
      signedInClient(app),
      signedInClient(app),
    ]);
    const ok = (res: Res, label: string) => expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(300);

    // What the administrator acts on, prepared while the audit log works.
    const company = await createCompanyOf(seller.client, { contactEmail: 'sales@atomic-audit.test' });
    await requestVerificationOf(seller.client, company.id);
    const listing = await createListingOf(seller.client, { price: 95, quantity: 20 });
    const post = await admin.client.post('/api/admin/blog/posts', {
      title: 'Draft post',
      content: '<p>Body</p>',
      status: 'draft',
    });
    ok(post, 'blog post');
    const postId = (post.json() as { id: string }).id;
    const [method] = await db.select().from(paymentMethods).limit(1);
    ok(await admin.client.post(`/api/admin/users/${other.user.id}/suspend`, { reason: 'Spam' }), 'suspend');
    // A wire-funded deal whose transfer has arrived, for the administrator to verify.
    const { wire } = await wireFundedDeal(db, buyer, seller, listing.id);
    ok(await admin.client.post(`/api/admin/wire-transfers/${wire.id}/received`, {}), 'wire received');
    await db.delete(adminAuditLog);

    const actions: Array<[string, () => Promise<Res>]> = [
      ['listing.approve', () => admin.client.post(`/api/admin/listings/${listing.id}/approve`, {})],
      ['company.verify', () => admin.client.post(`/api/admin/companies/${company.id}/verify`, {})],
      [
        'payment_method.update',
        () =>
          admin.client.patch(`/api/admin/payment-methods/${method.id}`, {
            description: 'Edited description',
          }),
      ],
      [
        'blog_post.update',
        () =>
          admin.client.request({
            method: 'PUT',
            url: `/api/admin/blog/posts/${postId}`,
            payload: { title: 'Published post', content: '<p>Body</p>', status: 'published' },
          }),
      ],
      [
        'impact-factor.update',
        () => admin.client.patch('/api/admin/impact-factors/pet', { recyclingFactor: 9.99 }),
      ],
      ['user.reinstate', () => admin.client.post(`/api/admin/users/${other.user.id}/reinstate`, {})],
      ['admin.add', () => admin.client.post('/api/admin/admins', { email: buyer.user.email })],
      ['wire_transfer.verify', () => admin.client.post(`/api/admin/wire-transfers/${wire.id}/verify`, {})],
    ];

    const state = async () => {
      const [l] = await db.select().from(listings).where(eq(listings.id, listing.id));
      const [c] = await db.select().from(companies).where(eq(companies.id, company.id));
      const [m] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, method.id));
      const [p] = await db.select().from(blogPosts).where(eq(blogPosts.id, postId));
      const [f] = await db.select().from(warmFactors).where(eq(warmFactors.id, 'pet'));
      const [u] = await db.select().from(users).where(eq(users.id, other.user.id));
      const [w] = await db.select().from(wireTransfers).where(eq(wireTransfers.id, wire.id));
      const newAdmins = await db.select().from(admins).where(eq(admins.userId, buyer.user.id));
      return {
        listing: l.approvalStatus,
        companyVerified: c.verified,
        method: m.description,
        post: [p.title, p.status],
        factor: f.recyclingFactor,
        suspended: u.suspendedAt !== null,
        wire: w.status,
        buyerIsAdmin: newAdmins.length > 0,
      };
    };
    const before = await state();

    await withFailingAuditLog(db, async () => {
      for (const [label, call] of actions) {
        const res = await call();
        expect(res.statusCode, `${label}: ${res.body}`).toBe(500);
        expect(res.json(), label).toEqual(GENERIC_500);
      }
    });
    expect(await state()).toEqual(before);
    expect(await db.select().from(adminAuditLog)).toEqual([]);

    // The same actions with a working audit log: each happens and leaves exactly its row.
    for (const [label, call] of actions) ok(await call(), label);
    await app.services.deals.whenIdle();
    const after = await state();
    expect(after).toMatchObject({
      listing: 'approved',
      companyVerified: true,
      method: 'Edited description',
      post: ['Published post', 'published'],
      suspended: false,
      wire: 'verified',
      buyerIsAdmin: true,
    });
    expect(after.factor).not.toEqual(before.factor);
    const recorded = (await db.select().from(adminAuditLog)).map((r) => r.action).sort();
    expect(recorded).toEqual(actions.map(([label]) => label).sort());
  });

  it('rolls back an administrator refund of a disputed deal together with its audit row', async () => {
    const { app, database } = await buildTestApp();
    const db = database.db;
    const [admin, seller, buyer] = await Promise.all([
      adminClient(app),
      signedInClient(app),
      signedInClient(app),
    ]);
    const ok = (res: Res, label: string) => expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(300);
    const listing = await createListingOf(seller.client, { price: 95, quantity: 20 });
    ok(await admin.client.post(`/api/admin/listings/${listing.id}/approve`, {}), 'approve');
    const { deal, wire } = await wireFundedDeal(db, buyer, seller, listing.id);
    ok(await admin.client.post(`/api/admin/wire-transfers/${wire.id}/verify`, {}), 'verify');
    await app.services.deals.whenIdle();
    ok(
      await buyer.client.post(`/api/deals/${deal.id}/actions`, { action: 'open-dispute', reason: 'Short' }),
      'open-dispute',
    );
    await db.delete(adminAuditLog);
    const dealState = async () => {
      const [row] = await db.select().from(deals).where(eq(deals.id, deal.id));
      return { status: row.status, escrowStatus: row.escrowStatus };
    };
    const before = await dealState();
    const refund = () =>
      admin.client.post(`/api/admin/deals/${deal.id}/actions`, { action: 'refund-escrow' });

    await withFailingAuditLog(db, async () => {
      const res = await refund();
      expect(res.statusCode, res.body).toBe(500);
      expect(res.json()).toEqual(GENERIC_500);
    });
    expect(await dealState()).toEqual(before);
    expect(await db.select().from(adminAuditLog)).toEqual([]);

    ok(await refund(), 'refund');
    await app.services.deals.whenIdle();
    expect((await dealState()).escrowStatus).toBe('refunded');
    const rows = await db.select().from(adminAuditLog);
    expect(rows.map((r) => [r.action, r.targetId])).toEqual([['deal.refund-escrow', deal.id]]);
  });
});
