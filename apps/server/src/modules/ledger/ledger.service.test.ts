import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { getWorkerDatabase, resetDatabase } from '../../../test/test-database.ts';
import { type Database, rawQuery } from '../../db/client.ts';
import {
  createLedgerService,
  LEDGER_ACCOUNTS,
  type LedgerLine,
  ledgerMovements,
  UnbalancedTransactionError,
} from './ledger.service.ts';

let database: Database;
beforeEach(async () => {
  database = await getWorkerDatabase();
  await resetDatabase(database);
});

describe('posting to the ledger', () => {
  it('refuses an unbalanced, fractional or one-sided transaction and writes nothing', async () => {
    const ledger = createLedgerService({ db: database.db });
    const bad: LedgerLine[][] = [
      [
        { account: 'cash:provider', amountCents: 100 },
        { account: 'revenue:x', amountCents: -99 },
      ],
      [
        { account: 'cash:provider', amountCents: 10.5 },
        { account: 'revenue:x', amountCents: -10.5 },
      ],
      [{ account: 'cash:provider', amountCents: 0 }],
      [
        { account: '', amountCents: 5 },
        { account: 'revenue:x', amountCents: -5 },
      ],
    ];
    for (const lines of bad) {
      await expect(
        ledger.postTransaction({ poster: 'payments', kind: 'test', description: 'bad', lines }),
      ).rejects.toBeInstanceOf(UnbalancedTransactionError);
    }
    expect(await rawQuery(database, 'select id from ledger_transactions')).toHaveLength(0);
  });

  it('records a movement once however often it is posted with the same key', async () => {
    const ledger = createLedgerService({ db: database.db });
    const input = {
      poster: 'payments' as const,
      kind: 'payment_received',
      description: 'Premium',
      idempotencyKey: 'payment:pay_1',
      reference: { type: 'payment', id: 'pay_1' },
      lines: ledgerMovements.paymentReceived(4900, LEDGER_ACCOUNTS.revenueSubscriptions),
    };
    const first = await ledger.postTransaction(input);
    const again = await Promise.all([ledger.postTransaction(input), ledger.postTransaction(input)]);
    expect(first.created).toBe(true);
    expect(again.map((a) => a.transactionId)).toEqual([first.transactionId, first.transactionId]);
    expect(await ledger.getBalance(LEDGER_ACCOUNTS.cashProvider)).toBe(4900);
    expect(await ledger.getBalance(LEDGER_ACCOUNTS.revenueSubscriptions)).toBe(-4900);
    const [tx] = await ledger.listForReference('payment', 'pay_1');
    expect(tx.entries.map((e) => e.amountCents)).toEqual([4900, -4900]);
  });

  it('records which module posted each transaction', async () => {
    const ledger = createLedgerService({ db: database.db });
    await ledger.postTransaction({
      poster: 'escrow',
      kind: 'escrow_release',
      description: 'Escrow of deal d_1 released to the seller',
      reference: { type: 'deal', id: 'd_1' },
      lines: [
        { account: LEDGER_ACCOUNTS.escrowHeld('d_1'), amountCents: 1000 },
        { account: LEDGER_ACCOUNTS.payableSeller('s_1'), amountCents: -1000 },
      ],
    });
    await ledger.postTransaction({
      poster: 'payments',
      kind: 'payment_received',
      description: 'Premium',
      reference: { type: 'payment', id: 'pay_2' },
      lines: ledgerMovements.paymentReceived(4900, LEDGER_ACCOUNTS.revenueSubscriptions),
    });
    expect((await ledger.listForReference('deal', 'd_1')).map((t) => t.poster)).toEqual(['escrow']);
    expect((await ledger.listForReference('payment', 'pay_2')).map((t) => t.poster)).toEqual(['payments']);
  });
});

type Op =
  | { kind: 'pay'; account: 0 | 1 | 2; cents: number }
  | { kind: 'refund'; index: number; fraction: number }
  | { kind: 'hold'; deal: number; cents: number }
  | { kind: 'release'; deal: number }
  | { kind: 'refundEscrow'; deal: number }
  | { kind: 'fee'; cents: number }
  | { kind: 'replay' }
  | { kind: 'unbalanced'; a: number; b: number };

const cents = fc.integer({ min: 1, max: 100_000_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    account: fc.constantFrom(0 as const, 1 as const, 2 as const),
    cents,
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    index: fc.nat(),
    fraction: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({ kind: fc.constant('hold' as const), deal: fc.integer({ min: 0, max: 2 }), cents }),
  fc.record({ kind: fc.constant('release' as const), deal: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('refundEscrow' as const), deal: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('fee' as const), cents: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ kind: fc.constant('replay' as const) }),
  fc.record({ kind: fc.constant('unbalanced' as const), a: cents, b: cents }),
);

describe('the books stay balanced', () => {
  it('keeps every transaction and the whole ledger at zero, and every balance as the model says, after any sequence of movements', async () => {
    const ledger = createLedgerService({ db: database.db });
    const revenue = [
      LEDGER_ACCOUNTS.revenueSubscriptions,
      LEDGER_ACCOUNTS.revenueContactFees,
      LEDGER_ACCOUNTS.revenueFeaturedListings,
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        await rawQuery(database, 'TRUNCATE ledger_entries, ledger_transactions');
        const model = new Map<string, number>();
        const apply = (lines: LedgerLine[]) => {
          for (const l of lines) model.set(l.account, (model.get(l.account) ?? 0) + l.amountCents);
        };
        const payments: Array<{ cents: number; refunded: number; account: string }> = [];
        const held = [0, 0, 0];
        const posted: Array<{ key: string; lines: LedgerLine[] }> = [];
        let n = 0;
        const post = async (kind: string, lines: LedgerLine[]) => {
          const key = `${kind}:${n++}`;
          await ledger.postTransaction({
            poster: 'payments',
            kind,
            description: kind,
            idempotencyKey: key,
            lines,
          });
          posted.push({ key, lines });
          apply(lines);
        };

        for (const op of ops) {
          if (op.kind === 'pay') {
            payments.push({ cents: op.cents, refunded: 0, account: revenue[op.account] });
            await post('payment_received', ledgerMovements.paymentReceived(op.cents, revenue[op.account]));
          } else if (op.kind === 'refund' && payments.length > 0) {
            const p = payments[op.index % payments.length];
            const amount = Math.floor((p.cents - p.refunded) * op.fraction);
            if (amount > 0) {
              p.refunded += amount;
              await post('refund', ledgerMovements.refundIssued(amount, LEDGER_ACCOUNTS.refunds));
            }
          } else if (op.kind === 'hold') {
            held[op.deal] += op.cents;
            await post(
              'escrow_hold',
              ledgerMovements.paymentReceived(op.cents, LEDGER_ACCOUNTS.escrowHeld(`d${op.deal}`)),
            );
          } else if (op.kind === 'release' && held[op.deal] > 0) {
            const commission = Math.floor((held[op.deal] * 300 + 5_000) / 10_000);
            await post(
              'escrow_release',
              ledgerMovements.escrowRelease(`d${op.deal}`, 'seller', held[op.deal], commission),
            );
            held[op.deal] = 0;
          } else if (op.kind === 'refundEscrow' && held[op.deal] > 0) {
            await post(
              'escrow_refund',
              ledgerMovements.refundIssued(held[op.deal], LEDGER_ACCOUNTS.escrowHeld(`d${op.deal}`)),
            );
            held[op.deal] = 0;
          } else if (op.kind === 'fee') {
            await post('provider_fee', ledgerMovements.providerFee(op.cents));
          } else if (op.kind === 'replay' && posted.length > 0) {
            const again = posted[posted.length - 1];
            const result = await ledger.postTransaction({
              poster: 'payments',
              kind: 'replay',
              description: 'replay',
              idempotencyKey: again.key,
              lines: again.lines,
            });
            expect(result.created).toBe(false);
          } else if (op.kind === 'unbalanced' && op.a !== op.b) {
            await expect(
              ledger.postTransaction({
                poster: 'payments',
                kind: 'broken',
                description: 'broken',
                lines: [
                  { account: LEDGER_ACCOUNTS.cashProvider, amountCents: op.a },
                  { account: LEDGER_ACCOUNTS.revenueContactFees, amountCents: -op.b },
                ],
              }),
            ).rejects.toBeInstanceOf(UnbalancedTransactionError);
          }
        }

        const books = await ledger.checkBooks();
        expect(books).toEqual({ balanced: true, unbalancedTransactions: [], totalCents: 0 });
        const balances = await ledger.getBalances();
        for (const [account, value] of model) expect(balances[account] ?? 0).toBe(value);
        for (const [d, amount] of held.entries())
          expect(balances[LEDGER_ACCOUNTS.escrowHeld(`d${d}`)] ?? 0).toBe(0 - amount);
        // Cash is exactly what came in less what went out: payments and holds, refunds and fees.
        const cashIn = [...model]
          .filter(([a]) => a !== LEDGER_ACCOUNTS.cashProvider)
          .reduce((s, [, v]) => s + v, 0);
        expect(balances[LEDGER_ACCOUNTS.cashProvider] ?? 0).toBe(0 - cashIn);
      }),
      { numRuns: 25 },
    );
  });
});
