import { randomUUID } from 'node:crypto';
import { fundingBreakdown } from '@app/shared/deals/deals.schemas';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { signedInClient, waitForEmail } from '../../../test/factories/accounts.ts';
import type { Database } from '../../db/client.ts';
import { systemClock } from '../../lib/clock.ts';
import { LEDGER_ACCOUNTS, type LedgerService } from '../ledger/index.ts';
import {
  createWireTransfersService,
  generateWireReference,
  type WireLogger,
} from './wire-transfers.service.ts';

const BANK = {
  bankName: 'Test Bank',
  accountName: 'Recytrade Escrow',
  accountNumber: '123456789',
  swiftCode: 'TESTUS33XXX',
};
const ADMIN = { id: 'admin-1', email: 'admin@recytrade.test' };

function spyLogger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies WireLogger;
}

/** The wire service on the test app's database, with a logger to inspect and optional replacements. */
function serviceFor(
  app: FastifyInstance,
  database: Database,
  opts: { ledger?: LedgerService; generateReference?: (now: Date) => string; logger?: WireLogger } = {},
) {
  const logger = opts.logger ?? spyLogger();
  const reporter = { report: vi.fn() };
  const service = createWireTransfersService({
    db: database.db,
    ledger: opts.ledger ?? app.services.ledger,
    notifications: app.services.notifications,
    settings: app.services.settings,
    clock: systemClock,
    logger,
    reporter,
    appUrl: 'http://localhost:3000',
    bankDetails: BANK,
    isAdmin: app.services.access.isAdmin,
    generateReference: opts.generateReference,
  });
  return { service, logger, reporter };
}

/** A $1,000 deal with the 3% commission included: the buyer wires $1,030. */
function dealFunding(dealId = randomUUID()) {
  const breakdown = fundingBreakdown({
    dealValueCents: 100_000,
    commissionCents: 3_000,
    includeCommission: true,
    methodFeeBps: 0,
  });
  return {
    dealId,
    amountCents: breakdown.totalCents,
    commissionCents: breakdown.commissionCents,
    breakdown,
    listingTitle: 'Baled PET, 20 t',
  };
}

async function buyer(app: FastifyInstance) {
  const { user } = await signedInClient(app);
  return { id: user.id, email: user.email, name: 'Dana Fischer' };
}

const held = async (app: FastifyInstance, dealId: string) =>
  0 - (await app.services.ledger.getBalance(LEDGER_ACCOUNTS.escrowHeld(dealId)));

describe('wire transfers service', () => {
  it('generates WT-YYYYMMDD-XXXXXX references', () => {
    const refs = new Set(
      Array.from({ length: 200 }, () => generateWireReference(new Date('2026-03-15T10:00:00Z'))),
    );
    for (const ref of refs) expect(ref).toMatch(/^WT-20260315-[A-HJ-NP-Z2-9]{6}$/);
    expect(refs.size).toBeGreaterThan(195);
  });

  it('creates a pending wire with the bank details, the fee and the instructions email', async () => {
    const { app, database } = await buildTestApp();
    const { service } = serviceFor(app, database);
    const user = await buyer(app);
    const funding = dealFunding();
    const wire = await service.createForDeal({ user, ...funding });
    expect(wire).toMatchObject({
      referenceNumber: expect.stringMatching(/^WT-\d{8}-[A-Z0-9]{6}$/),
      userId: user.id,
      userEmail: user.email,
      amountCents: 103_000,
      currency: 'usd',
      bankDetails: BANK,
      paymentType: 'deal_escrow',
      relatedId: funding.dealId,
      commissionCents: 3_000,
      processingFeeCents: 2_060,
      status: 'pending',
      verifiedAt: null,
      processingFeeTransferred: false,
      commissionTransferred: false,
    });
    const email = await waitForEmail(app, user.email, 'send-wire-instructions');
    for (const text of [
      wire.referenceNumber,
      '$1,030.00',
      'USD',
      'Test Bank',
      'Recytrade Escrow',
      '123456789',
      'TESTUS33XXX',
      'Deal value',
      '$1,000.00',
      'Commission',
      '$30.00',
    ])
      expect(email.textBody).toContain(text);
    expect(email.meta).toMatchObject({
      wireTransferId: wire.id,
      referenceNumber: wire.referenceNumber,
      amount: 103_000,
      currency: 'usd',
      bankDetails: BANK,
      paymentBreakdown: funding.breakdown,
    });
    expect(await service.listForUser(user.id)).toEqual([wire]);
  });

  it('returns the pending wire of the same deal and amount instead of creating another', async () => {
    const { app, database } = await buildTestApp();
    const { service } = serviceFor(app, database);
    const user = await buyer(app);
    const funding = dealFunding();
    const [a, b] = await Promise.all([
      service.createForDeal({ user, ...funding }),
      service.createForDeal({ user, ...funding }),
    ]);
    expect(b.id).toBe(a.id);
    const c = await service.createForDeal({ user, ...funding });
    expect(c.referenceNumber).toBe(a.referenceNumber);
    const other = await service.createForDeal({ user, ...funding, amountCents: 100_000, commissionCents: 0 });
    expect(other.id).not.toBe(a.id);
    expect(await service.listForUser(user.id)).toHaveLength(2);
    const emails = (await app.services.notifications.listMailbox({ to: user.email })).filter(
      (e) => e.kind === 'send-wire-instructions',
    );
    expect(emails).toHaveLength(2);
  });

  it('keeps references unique: a taken reference is replaced by a fresh one', async () => {
    const { app, database } = await buildTestApp();
    const queue = ['WT-20260315-AAAAAA', 'WT-20260315-AAAAAA', 'WT-20260315-BBBBBB'];
    const { service } = serviceFor(app, database, {
      generateReference: () => queue.shift() ?? 'WT-20260315-ZZZZZZ',
    });
    const user = await buyer(app);
    const first = await service.createForDeal({ user, ...dealFunding() });
    const second = await service.createForDeal({ user, ...dealFunding() });
    expect(first.referenceNumber).toBe('WT-20260315-AAAAAA');
    expect(second.referenceNumber).toBe('WT-20260315-BBBBBB');

    const stuck = serviceFor(app, database, { generateReference: () => 'WT-20260315-AAAAAA' });
    await expect(stuck.service.createForDeal({ user, ...dealFunding() })).rejects.toMatchObject({
      status: 500,
      message: 'Failed to generate wire transfer reference',
    });
  });

  it('verifies once: escrow funded, handlers called in the transaction, fee and commission booked', async () => {
    const { app, database } = await buildTestApp();
    const { service } = serviceFor(app, database);
    const user = await buyer(app);
    const funding = dealFunding();
    const wire = await service.createForDeal({ user, ...funding });
    const verifiedHandler = vi.fn(async (w: { id: string }, tx: unknown) => {
      expect(tx).toBeDefined();
      expect(w.id).toBe(wire.id);
      return 'funded' as const;
    });
    const commissionHandler = vi.fn(async () => {});
    service.onDealEscrowVerified(verifiedHandler);
    service.onCommissionTransferred(commissionHandler);

    const verified = await service.verify(ADMIN, wire.id, 'Seen on the statement');
    expect(verified).toMatchObject({
      status: 'verified',
      verifiedAt: expect.any(String),
      verifiedByAdminEmail: ADMIN.email,
      adminNotes: 'Seen on the statement',
      processingFeeTransferred: true,
      commissionTransferred: true,
    });
    expect(verifiedHandler).toHaveBeenCalledTimes(1);
    expect(commissionHandler).toHaveBeenCalledTimes(1);
    const balances = await app.services.ledger.getBalances([
      LEDGER_ACCOUNTS.cashBank,
      LEDGER_ACCOUNTS.revenueWireFees,
      LEDGER_ACCOUNTS.revenueCommission,
    ]);
    expect(balances).toEqual({
      [LEDGER_ACCOUNTS.cashBank]: 103_000,
      [LEDGER_ACCOUNTS.revenueWireFees]: -2_060,
      [LEDGER_ACCOUNTS.revenueCommission]: -3_000,
    });
    expect(await held(app, funding.dealId)).toBe(103_000 - 2_060 - 3_000);

    await expect(service.verify(ADMIN, wire.id)).rejects.toMatchObject({
      status: 409,
      message: 'This wire transfer is already verified',
    });
    await expect(service.markFailed(ADMIN, wire.id)).rejects.toMatchObject({ status: 409 });
    expect(verifiedHandler).toHaveBeenCalledTimes(1);
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.cashBank)).toBe(103_000);
    // Retries are no-ops once booked.
    await service.transferProcessingFee(wire.id);
    await service.transferCommission(wire.id);
    expect(await held(app, funding.dealId)).toBe(97_940);
    expect(commissionHandler).toHaveBeenCalledTimes(1);
    expect((await app.services.ledger.checkBooks()).balanced).toBe(true);
  });

  it('applies concurrent verifications once', async () => {
    const { app, database } = await buildTestApp();
    const { service } = serviceFor(app, database);
    const user = await buyer(app);
    const funding = dealFunding();
    const wire = await service.createForDeal({ user, ...funding });
    const handler = vi.fn(async () => 'funded' as const);
    service.onDealEscrowVerified(handler);
    const results = await Promise.allSettled([
      service.verify(ADMIN, wire.id),
      service.verify(ADMIN, wire.id),
      service.verify(ADMIN, wire.id),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.cashBank)).toBe(103_000);
    expect(await held(app, funding.dealId)).toBe(97_940);
  });

  it('keeps the verification when the processing-fee transfer fails, and the transfer can be retried', async () => {
    const { app, database } = await buildTestApp();
    let ledgerDown = true;
    const ledger = app.services.ledger;
    const flaky: LedgerService = {
      ...ledger,
      postTransaction: async (input, tx) => {
        if (ledgerDown && input.kind === 'wire_processing_fee') throw new Error('ledger unavailable');
        return ledger.postTransaction(input, tx);
      },
    };
    const { service, logger, reporter } = serviceFor(app, database, { ledger: flaky });
    const user = await buyer(app);
    const funding = dealFunding();
    const wire = await service.createForDeal({ user, ...funding });

    const verified = await service.verify(ADMIN, wire.id);
    expect(verified).toMatchObject({
      status: 'verified',
      processingFeeTransferred: false,
      commissionTransferred: true,
    });
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'wire.processing-fee_transfer_failed', wireTransferId: wire.id }),
      expect.any(String),
    );
    expect(reporter.report).toHaveBeenCalledWith(
      expect.objectContaining({
        context: 'wire-transfers.transfer-processing-fee',
        message: 'ledger unavailable',
      }),
    );
    expect(await held(app, funding.dealId)).toBe(100_000);
    expect((await app.services.ledger.checkBooks()).balanced).toBe(true);

    ledgerDown = false;
    const retried = await service.transferProcessingFee(wire.id);
    expect(retried).toMatchObject({ status: 'verified', processingFeeTransferred: true });
    await service.transferProcessingFee(wire.id);
    expect(await held(app, funding.dealId)).toBe(97_940);
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.revenueWireFees)).toBe(-2_060);
    expect((await app.services.ledger.checkBooks()).balanced).toBe(true);
  });

  it('keeps the verification when the commission transfer fails', async () => {
    const { app, database } = await buildTestApp();
    const ledger = app.services.ledger;
    const flaky: LedgerService = {
      ...ledger,
      postTransaction: async (input, tx) => {
        if (input.kind === 'commission') throw new Error('commission booking failed');
        return ledger.postTransaction(input, tx);
      },
    };
    const { service } = serviceFor(app, database, { ledger: flaky });
    const user = await buyer(app);
    const wire = await service.createForDeal({ user, ...dealFunding() });
    expect(await service.verify(ADMIN, wire.id)).toMatchObject({
      status: 'verified',
      processingFeeTransferred: true,
      commissionTransferred: false,
    });
    const { service: healthy } = serviceFor(app, database);
    expect(await healthy.transferCommission(wire.id)).toMatchObject({ commissionTransferred: true });
  });

  it('never takes the fee out of an escrow that no longer holds it', async () => {
    const { app, database } = await buildTestApp();
    const { service } = serviceFor(app, database, {
      ledger: {
        ...app.services.ledger,
        postTransaction: async (input, tx) => {
          if (input.kind === 'wire_processing_fee' || input.kind === 'commission') throw new Error('later');
          return app.services.ledger.postTransaction(input, tx);
        },
      },
    });
    const user = await buyer(app);
    const funding = dealFunding();
    const wire = await service.createForDeal({ user, ...funding });
    await service.verify(ADMIN, wire.id);
    // The whole escrow is paid out before the retries.
    await app.services.ledger.postTransaction({
      poster: 'escrow',
      kind: 'escrow_release',
      description: 'release',
      lines: [
        { account: LEDGER_ACCOUNTS.escrowHeld(funding.dealId), amountCents: 103_000 },
        { account: LEDGER_ACCOUNTS.payableSeller('seller'), amountCents: -103_000 },
      ],
    });
    const { service: healthy } = serviceFor(app, database);
    await expect(healthy.transferProcessingFee(wire.id)).rejects.toMatchObject({
      status: 409,
      message: 'The escrow no longer holds enough money for this transfer',
    });
    await expect(healthy.transferCommission(wire.id)).rejects.toMatchObject({ status: 409 });
    expect(await held(app, funding.dealId)).toBe(0);
    expect((await healthy.get(wire.id)).processingFeeTransferred).toBe(false);
  });

  it('moves through received, and failed calls the funding-failed handlers', async () => {
    const { app, database } = await buildTestApp();
    const { service } = serviceFor(app, database);
    const user = await buyer(app);
    const failed = vi.fn(async () => {});
    service.onDealEscrowFailed(failed);
    const wire = await service.createForDeal({ user, ...dealFunding() });
    expect(await service.markReceived(ADMIN, wire.id, 'Incoming')).toMatchObject({
      status: 'received',
      adminNotes: 'Incoming',
    });
    await expect(service.transferProcessingFee(wire.id)).rejects.toMatchObject({
      status: 409,
      message: 'The wire transfer must be verified first',
    });
    expect(await service.markFailed(ADMIN, wire.id, 'Bounced')).toMatchObject({
      status: 'failed',
      adminNotes: 'Bounced',
    });
    expect(failed).toHaveBeenCalledTimes(1);
    await expect(service.verify(ADMIN, wire.id)).rejects.toMatchObject({
      status: 409,
      message: 'This wire transfer has been marked as failed',
    });
    await expect(service.markReceived(ADMIN, wire.id)).rejects.toMatchObject({ status: 409 });
    expect(await app.services.ledger.getBalance(LEDGER_ACCOUNTS.cashBank)).toBe(0);
    expect((await service.adminList('failed')).map((w) => w.id)).toEqual([wire.id]);
    expect(await service.adminList('pending')).toEqual([]);
  });

  it('logs refused administrator attempts as security warnings', async () => {
    const { app, database } = await buildTestApp();
    const { service, logger, reporter } = serviceFor(app, database);
    const user = await buyer(app);
    const id = randomUUID();
    await expect(
      service.requireAdmin(null, { action: 'verify', wireTransferId: id, ip: '10.0.0.1' }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Authentication required',
    });
    await expect(service.requireAdmin(user, { action: 'verify', wireTransferId: id })).rejects.toMatchObject({
      status: 403,
      message: 'Admin access required',
    });
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.warn).toHaveBeenLastCalledWith(
      expect.objectContaining({
        event: 'security.unauthorized_wire_transfer_action',
        action: 'verify',
        wireTransferId: id,
        userId: user.id,
      }),
      'Unauthorized wire transfer admin attempt',
    );
    expect(reporter.report).toHaveBeenCalledWith(
      expect.objectContaining({ context: 'wire-transfers.verify', code: 'UNAUTHORIZED_ADMIN_ACTION' }),
    );
    await expect(service.requireAdmin(user, { action: 'list' })).rejects.toMatchObject({ status: 403 });
    const broken = createWireTransfersService({
      db: database.db,
      ledger: app.services.ledger,
      notifications: app.services.notifications,
      settings: app.services.settings,
      clock: systemClock,
      logger: spyLogger(),
      reporter: { report: vi.fn() },
      appUrl: 'http://localhost:3000',
      bankDetails: BANK,
      isAdmin: async () => {
        throw new Error('admins table unavailable');
      },
    });
    await expect(broken.requireAdmin(user, { action: 'verify', wireTransferId: id })).rejects.toMatchObject({
      status: 500,
      message: 'Admin validation failed',
    });
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });
});
