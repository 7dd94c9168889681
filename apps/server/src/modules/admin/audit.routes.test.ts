import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient, signUpBody } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { requestVerificationOf } from '../../../test/factories/companies.ts';
import { createCompanyOf, createListingOf } from '../../../test/factories/messaging.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { adminAuditLog } from '../../db/schema.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

const POST_BODY = { title: 'Audit trail', content: '<p>Body</p>', status: 'draft' };

describe('admin audit log', () => {
  it('writes one row per admin action with the actor, the action and the target', async () => {
    const { app, database } = await buildTestApp();
    const [admin, seller, buyer, other] = await Promise.all([
      adminClient(app),
      signedInClient(app),
      signedInClient(app),
      signedInClient(app),
    ]);
    const ok = (res: { statusCode: number; body: string }, label: string) =>
      expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(300);
    const expected: Array<[string, string, string]> = [];
    const act = async (
      label: string,
      call: () => Promise<{ statusCode: number; body: string }>,
      target: [string, string],
    ) => {
      ok(await call(), label);
      expected.push([label, target[0], target[1]]);
    };

    // Listings and companies
    const company = await createCompanyOf(seller.client, { contactEmail: 'sales@audit-seller.test' });
    const listing = await createListingOf(seller.client, { price: 95, quantity: 20 });
    const rejected = await createListingOf(seller.client, { title: 'Mixed PET bales' });
    await act(
      'listing.approve',
      () => admin.client.post(`/api/admin/listings/${listing.id}/approve`, { notes: 'Fine' }),
      ['listing', listing.id],
    );
    await act(
      'listing.reject',
      () => admin.client.post(`/api/admin/listings/${rejected.id}/reject`, { reason: 'Blurry photos' }),
      ['listing', rejected.id],
    );
    await requestVerificationOf(seller.client, company.id);
    await act('company.verify', () => admin.client.post(`/api/admin/companies/${company.id}/verify`, {}), [
      'company',
      company.id,
    ]);
    const otherCompany = await createCompanyOf(other.client, { companyName: 'Removed Co' });
    await act(
      'company.remove',
      () => admin.client.post(`/api/admin/companies/${otherCompany.id}/remove`, { reason: 'Duplicate' }),
      ['company', otherCompany.id],
    );

    // Blog
    const created = await admin.client.post('/api/admin/blog/posts', POST_BODY);
    ok(created, 'blog_post.create');
    const postId = created.json().id as string;
    expected.push(['blog_post.create', 'blog_post', postId]);
    await act(
      'blog_post.update',
      () =>
        admin.client.request({
          method: 'PUT',
          url: `/api/admin/blog/posts/${postId}`,
          payload: { ...POST_BODY, title: 'Audit trail, revised' },
        }),
      ['blog_post', postId],
    );
    await act(
      'blog_post.delete',
      () => admin.client.request({ method: 'DELETE', url: `/api/admin/blog/posts/${postId}` }),
      ['blog_post', postId],
    );

    // Payment methods
    const methods = (await admin.client.get('/api/admin/payment-methods')).json().methods as Array<{
      id: string;
      description: string;
    }>;
    const method = methods[0];
    await act(
      'payment_method.update',
      () =>
        admin.client.request({
          method: 'PATCH',
          url: `/api/admin/payment-methods/${method.id}`,
          payload: { description: method.description },
        }),
      ['payment_method', method.id],
    );

    // A wire-funded deal: received, verified, fee retries, then a dispute the admin resolves.
    // A ton each: an agreed deal holds its quantity of the listing.
    const deal = (
      await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 1000, quantity: 1 })
    ).json();
    ok(await buyer.client.post(`/api/deals/${deal.id}/actions`, { action: 'confirm' }), 'confirm');
    ok(await seller.client.post(`/api/deals/${deal.id}/actions`, { action: 'confirm' }), 'confirm');
    ok(await buyer.client.post(`/api/deals/${deal.id}/fund`, { method: 'wire' }), 'fund');
    const [wire] = (await buyer.client.get('/api/wire-transfers')).json().wireTransfers as Array<{
      id: string;
    }>;
    for (const action of ['received', 'verify', 'transfer_processing_fee', 'transfer_commission']) {
      await act(
        `wire_transfer.${action}`,
        () =>
          admin.client.post(`/api/admin/wire-transfers/${wire.id}/${action.replaceAll('_', '-')}`, {
            adminNotes: 'Seen on statement',
          }),
        ['wire_transfer', wire.id],
      );
      if (action === 'verify') await app.services.deals.whenIdle();
    }
    ok(
      await buyer.client.post(`/api/deals/${deal.id}/actions`, { action: 'open-dispute', reason: 'Short' }),
      'open-dispute',
    );
    await act(
      'deal.refund-escrow',
      () => admin.client.post(`/api/admin/deals/${deal.id}/actions`, { action: 'refund-escrow' }),
      ['deal', deal.id],
    );
    // A second wire that never arrived.
    const deal2 = (
      await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 500, quantity: 1 })
    ).json();
    ok(await buyer.client.post(`/api/deals/${deal2.id}/actions`, { action: 'confirm' }), 'confirm');
    ok(await seller.client.post(`/api/deals/${deal2.id}/actions`, { action: 'confirm' }), 'confirm');
    ok(await buyer.client.post(`/api/deals/${deal2.id}/fund`, { method: 'wire' }), 'fund');
    const wires = (await buyer.client.get('/api/wire-transfers')).json().wireTransfers as Array<{
      id: string;
    }>;
    const wire2 = wires.find((w) => w.id !== wire.id) as { id: string };
    await act(
      'wire_transfer.fail',
      () => admin.client.post(`/api/admin/wire-transfers/${wire2.id}/fail`, { adminNotes: 'Bounced' }),
      ['wire_transfer', wire2.id],
    );

    // Users and admins
    await act(
      'user.suspend',
      () => admin.client.post(`/api/admin/users/${other.user.id}/suspend`, { reason: 'Spam' }),
      ['user', other.user.id],
    );
    await act('user.reinstate', () => admin.client.post(`/api/admin/users/${other.user.id}/reinstate`, {}), [
      'user',
      other.user.id,
    ]);
    const added = await admin.client.post('/api/admin/admins', { email: buyer.user.email });
    ok(added, 'admin.add');
    const newAdminId = added.json().id as string;
    expected.push(['admin.add', 'admin', newAdminId]);
    await act(
      'admin.remove',
      () => admin.client.request({ method: 'DELETE', url: `/api/admin/admins/${newAdminId}` }),
      ['admin', newAdminId],
    );
    const unconfirmed = signUpBody();
    ok(await createClient(app).post('/api/accounts/sign-up', unconfirmed), 'sign-up');
    const email = String(unconfirmed.email).toLowerCase();
    await act(
      'user.resend_confirmation',
      () => admin.client.post('/api/admin/unconfirmed-users/resend', { email }),
      ['user', email],
    );
    await act(
      'user.resend_confirmation_all',
      () => admin.client.post('/api/admin/unconfirmed-users/resend-all', { emails: [email] }),
      ['user', 'unconfirmed'],
    );

    // System settings
    await act(
      'settings.update',
      () => admin.client.patch('/api/admin/settings', { 'fees.contact_fee_cents': 1200 }),
      ['settings', 'system'],
    );

    // Bulk email: a test send and a campaign
    await act(
      'bulk_email.test_sent',
      () =>
        admin.client.post('/api/admin/bulk-email/send', {
          target: 'all',
          template: 'preset',
          testMode: true,
          testEmail: 'Preview@Audit.test',
        }),
      ['email', 'preview@audit.test'],
    );
    const campaign = await admin.client.post('/api/admin/bulk-email/send', {
      target: 'all',
      template: 'preset',
    });
    ok(campaign, 'bulk_email.campaign_created');
    expected.push(['bulk_email.campaign_created', 'bulk_email_campaign', campaign.json().campaign.id]);

    const rows = await database.db.select().from(adminAuditLog);
    for (const [action, targetType, targetId] of expected) {
      const matching = rows.filter((r) => r.action === action && r.targetId === targetId);
      expect(matching, action).toHaveLength(1);
      expect(matching[0]).toMatchObject({
        actorUserId: admin.user.id,
        actorEmail: admin.user.email,
        targetType,
      });
    }
    // Nothing else was recorded: trader actions and automatic follow-ups leave no audit rows.
    expect(rows).toHaveLength(expected.length);
    const [approve] = await database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'listing.approve'), eq(adminAuditLog.targetId, listing.id)));
    expect(approve.details).toEqual({ notes: 'Fine' });
  });
});
