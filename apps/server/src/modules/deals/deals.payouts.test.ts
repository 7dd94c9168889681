import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient, settleWebhooks } from '../../../test/factories/billing.ts';
import { paySandboxCheckout } from '../../../test/factories/deals.ts';
import { createCompanyOf, createListingOf } from '../../../test/factories/messaging.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';

// The seller's payout statement is read from the ledger: what it paid, and what it took on the way.

beforeAll(async () => {
  await getWorkerDatabase();
});

describe('GET /api/deals/payouts', () => {
  it('lists each released deal with its fees, commission and payout, for the seller only, as JSON or CSV', async () => {
    const { app } = await buildTestApp();
    const { deals, wireTransfers } = app.services;
    const seller = await signedInClient(app);
    const buyer = await signedInClient(app);
    const admin = await adminClient(app);
    await createCompanyOf(seller.client, { contactEmail: 'sales@seller-co.test' });
    const listing = await createListingOf(seller.client, { price: 2000, quantity: 10 });
    const asUser = (u: { id: string; email: string }) => ({ ...u, name: 'Trader' });
    const shipped = async (dealValue: number) => {
      // One ton each: an agreed deal holds its quantity of the listing.
      const deal = await deals.createDeal(asUser(buyer.user), {
        listingId: listing.id,
        dealValue,
        quantity: 1,
      });
      await deals.act(asUser(buyer.user), deal.id, { action: 'confirm' });
      await deals.act(asUser(seller.user), deal.id, { action: 'confirm' });
      return deal;
    };
    // By card, the commission left out: it comes off the payout.
    const card = await shipped(1_000);
    const funding = await deals.fundEscrow(asUser(buyer.user), card.id, {
      method: 'card',
      includeCommission: false,
    });
    if (funding.kind !== 'checkout') throw new Error('expected a checkout');
    await paySandboxCheckout(app, funding.url);
    await settleWebhooks(app);
    await deals.whenIdle();
    await deals.act(asUser(seller.user), card.id, { action: 'ship-goods' });
    await deals.act(asUser(buyer.user), card.id, { action: 'release-escrow' });
    // By plain wire, commission included: the 2% wire fee comes off the payout.
    const wire = await shipped(2_000);
    await deals.fundEscrow(asUser(buyer.user), wire.id, { method: 'wire', includeCommission: true });
    const [pending] = await wireTransfers.listForUser(buyer.user.id);
    await wireTransfers.verify({ id: admin.user.id, email: admin.user.email }, pending.id);
    await deals.whenIdle();
    await deals.act(asUser(seller.user), wire.id, { action: 'ship-goods' });
    await deals.act(asUser(buyer.user), wire.id, { action: 'release-escrow' });

    const today = new Date().toISOString().slice(0, 10);
    const url = `/api/deals/payouts?from=${today}&to=${today}`;
    expect((await createClient(app).get(url)).statusCode).toBe(401);
    const statement = await seller.client.get(url);
    expect(statement.statusCode).toBe(200);
    const wireFee = Math.round(206_000 * 0.02);
    expect(statement.json()).toMatchObject({
      from: today,
      to: today,
      lines: [
        {
          dealId: card.id,
          dealValueCents: 100_000,
          feesCents: 0,
          commissionCents: 3_000,
          paidOutCents: 97_000,
        },
        {
          dealId: wire.id,
          dealValueCents: 200_000,
          feesCents: wireFee,
          commissionCents: 0,
          paidOutCents: 200_000 - wireFee,
        },
      ],
      totals: {
        dealValueCents: 300_000,
        feesCents: wireFee,
        commissionCents: 3_000,
        paidOutCents: 297_000 - wireFee,
      },
    });
    // The buyer was paid nothing; nobody sees another seller's payouts.
    expect((await buyer.client.get(url)).json().lines).toEqual([]);
    const csv = await seller.client.get(`${url}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="recytrade-payouts-${today}-to-${today}.csv"`,
    );
    const rows = csv.body.trim().split('\n');
    expect(rows[0]).toBe('Released on,Deal,Listing,Buyer,Deal value,Fees,Commission,Paid out');
    expect(rows[1]).toContain(',1000.00,0.00,30.00,970.00');
    expect(rows.at(-1)).toBe(
      `Total,,,,3000.00,${(wireFee / 100).toFixed(2)},30.00,${((297_000 - wireFee) / 100).toFixed(2)}`,
    );
    // A period with nothing released, and bad periods.
    expect(
      (await seller.client.get('/api/deals/payouts?from=2020-01-01&to=2020-01-31')).json().lines,
    ).toEqual([]);
    const backwards = await seller.client.get(`/api/deals/payouts?from=${today}&to=2020-01-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toContain('The period must end on or after its first day');
    expect((await seller.client.get('/api/deals/payouts?from=yesterday&to=today')).statusCode).toBe(400);
  });
});
