import { randomUUID } from 'node:crypto';
import {
  fundingBreakdown,
  WireTransferListSchema,
  WireTransferSchema,
} from '@app/shared/deals/deals.schemas';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { LEDGER_ACCOUNTS } from '../ledger/index.ts';

/** A buyer with a pending $1,030 wire for a $1,000 deal (commission included). */
async function pendingWire(app: FastifyInstance) {
  const buyer = await signedInClient(app);
  const dealId = randomUUID();
  const breakdown = fundingBreakdown({
    dealValueCents: 100_000,
    commissionCents: 3_000,
    includeCommission: true,
    methodFeeBps: 0,
  });
  const wire = await app.services.wireTransfers.createForDeal({
    user: { id: buyer.user.id, email: buyer.user.email, name: 'Dana Fischer' },
    dealId,
    amountCents: breakdown.totalCents,
    commissionCents: breakdown.commissionCents,
    breakdown,
    listingTitle: 'Copper wire scrap',
  });
  return { buyer, dealId, wire };
}

const ACTIONS = ['received', 'verify', 'fail', 'transfer-processing-fee', 'transfer-commission'];

describe('wire transfer routes', () => {
  it("lists the caller's own wire transfers, with the configured bank details", async () => {
    const { app } = await buildTestApp();
    const { buyer, wire } = await pendingWire(app);
    const other = await signedInClient(app);
    const mine = await buyer.client.get('/api/wire-transfers');
    expect(mine.statusCode).toBe(200);
    const list = WireTransferListSchema.parse(mine.json());
    expect(list.wireTransfers.map((w) => w.id)).toEqual([wire.id]);
    expect(list.wireTransfers[0].bankDetails).toEqual({
      bankName: 'Demo Bank (sandbox, not a real bank)',
      accountName: 'Recytrade Escrow (demo account)',
      accountNumber: 'DEMO-000000000',
      swiftCode: 'DEMOUS00XXX',
    });
    expect((await other.client.get('/api/wire-transfers')).json()).toEqual({ wireTransfers: [] });
    const visitor = await createClient(app).get('/api/wire-transfers');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe('Not authenticated');
  });

  it('keeps every admin route to administrators: 401 for visitors, 403 for users', async () => {
    const { app } = await buildTestApp();
    const { buyer, wire } = await pendingWire(app);
    const visitor = createClient(app);
    for (const res of [
      await visitor.get('/api/admin/wire-transfers'),
      ...(await Promise.all(
        ACTIONS.map((a) => visitor.post(`/api/admin/wire-transfers/${wire.id}/${a}`, {})),
      )),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'Authentication required' });
    }
    for (const res of [
      await buyer.client.get('/api/admin/wire-transfers'),
      ...(await Promise.all(
        ACTIONS.map((a) => buyer.client.post(`/api/admin/wire-transfers/${wire.id}/${a}`, {})),
      )),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: 'Admin access required' });
    }
    expect((await app.services.wireTransfers.get(wire.id)).status).toBe('pending');
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.cashBank)).toBe(0);
  });

  it("refuses ids that are not UUIDs with the specification's message", async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    for (const action of ACTIONS) {
      const res = await admin.client.post(`/api/admin/wire-transfers/not-a-uuid/${action}`, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid wire transfer ID format');
    }
    const missing = await admin.client.post(`/api/admin/wire-transfers/${randomUUID()}/verify`, {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Wire transfer not found');
  });

  it('verifies once: a second verification is 409 and the money is booked once', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const { wire } = await pendingWire(app);
    const listed = await admin.client.get('/api/admin/wire-transfers?status=pending');
    expect(listed.json().wireTransfers.map((w: { id: string }) => w.id)).toEqual([wire.id]);

    const verified = await admin.client.post(`/api/admin/wire-transfers/${wire.id}/verify`, {
      adminNotes: 'Arrived 14 March',
    });
    expect(verified.statusCode).toBe(200);
    expect(WireTransferSchema.parse(verified.json())).toMatchObject({
      status: 'verified',
      verifiedAt: expect.any(String),
      verifiedByAdminEmail: admin.user.email,
      adminNotes: 'Arrived 14 March',
    });
    const again = await admin.client.post(`/api/admin/wire-transfers/${wire.id}/verify`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This wire transfer is already verified');
    expect((await admin.client.post(`/api/admin/wire-transfers/${wire.id}/fail`, {})).statusCode).toBe(409);

    const postings = await app.services.ledger.listForReference('wire_transfer', wire.id);
    expect(postings.filter((t) => t.kind === 'escrow_hold')).toHaveLength(1);
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.cashBank)).toBe(103_000);
    // The follow-up transfers can be retried; a retry never books twice.
    for (const action of ['transfer-processing-fee', 'transfer-commission']) {
      const first = await admin.client.post(`/api/admin/wire-transfers/${wire.id}/${action}`);
      const second = await admin.client.post(`/api/admin/wire-transfers/${wire.id}/${action}`);
      expect([200, 409]).toContain(first.statusCode);
      expect(second.statusCode).toBe(first.statusCode);
    }
    expect(
      (await app.services.ledger.listForReference('wire_transfer', wire.id)).filter(
        (t) => t.kind === 'wire_processing_fee',
      ).length,
    ).toBeLessThanOrEqual(1);
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.cashBank)).toBe(103_000);
    expect(await app.services.ledger.checkBooks()).toMatchObject({ balanced: true, totalCents: 0 });
    expect(
      (await admin.client.get('/api/admin/wire-transfers?status=verified')).json().wireTransfers,
    ).toHaveLength(1);
  });

  it('records received and failed with notes, and validates the notes and the status filter', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const { wire } = await pendingWire(app);
    const received = await admin.client.post(`/api/admin/wire-transfers/${wire.id}/received`);
    expect(received.statusCode).toBe(200);
    expect(received.json().status).toBe('received');
    const tooLong = await admin.client.post(`/api/admin/wire-transfers/${wire.id}/fail`, {
      adminNotes: 'x'.repeat(2001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(
      (await admin.client.post(`/api/admin/wire-transfers/${wire.id}/fail`, { other: 1 })).statusCode,
    ).toBe(400);
    const failed = await admin.client.post(`/api/admin/wire-transfers/${wire.id}/fail`, {
      adminNotes: 'Bounced by the bank',
    });
    expect(failed.json()).toMatchObject({ status: 'failed', adminNotes: 'Bounced by the bank' });
    const retry = await admin.client.post(`/api/admin/wire-transfers/${wire.id}/transfer-processing-fee`);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.message).toBe('The wire transfer must be verified first');
    expect((await admin.client.get('/api/admin/wire-transfers?status=lost')).statusCode).toBe(400);
    const all = (await admin.client.get('/api/admin/wire-transfers')).json().wireTransfers;
    expect(all).toEqual([
      expect.objectContaining({ id: wire.id, status: 'failed', userEmail: expect.stringContaining('@') }),
    ]);
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.cashBank)).toBe(0);
  });
});
