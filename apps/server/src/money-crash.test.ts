import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  closeOpenApps,
  createClient,
  TEST_APP_URL,
  type TestClient,
  testEnv,
} from '../test/build-test-app.ts';
import { signedInClient } from '../test/factories/accounts.ts';
import { adminClient, SUCCESS_CARD, subscribedClient } from '../test/factories/billing.ts';
import { REGISTRATION_PDF } from '../test/factories/companies.ts';
import { fundedDeal } from '../test/factories/deals.ts';
import { createCompanyOf, createListingOf } from '../test/factories/messaging.ts';
import { expectMoneyReconciled } from '../test/factories/money.ts';
import { createScratchDatabase } from '../test/test-database.ts';
import { type Database, migrateDatabase, openDatabase, rawQuery } from './db/client.ts';
import type { CrashPoint } from './lib/crash-points.ts';

// The real server is killed with SIGKILL at each place a money flow crosses from the payment provider
// to the ledger (lib/crash-points.ts), then the app starts again on the same database and its jobs run.
// Whatever the place, the provider's charges equal the ledger's bookings plus its refunds, every refund
// is made once, and nobody gets back more than they paid.

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
const pgBase = process.env.TEST_DATABASE_URL;
const root = mkdtempSync(path.join(os.tmpdir(), 'recytrade-crash-'));

afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * The database the killed servers and the test share: a scratch PostgreSQL database, or a PGlite
 * directory (which one process opens at a time: the test closes it while a server runs).
 */
async function sharedDatabase() {
  const url = pgBase ? await createScratchDatabase(pgBase, `test_crash_${process.pid}`) : undefined;
  const open = () => openDatabase(url ? { url } : { pgliteDir: path.join(root, 'pglite') });
  const serverEnv: Record<string, string> = url
    ? { DATABASE_URL: url }
    : { DATABASE_URL: '', DATA_DIR: root };
  const first = await open();
  await migrateDatabase(first);
  return { first, open, serverEnv };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function escrowProviderOf(app: FastifyInstance) {
  return app.services.escrowProvider as unknown as {
    getTransaction(id: string): Promise<{ status: string } | null>;
  };
}

/** A browser's request to the real server with a test client's cookies. */
function requestAs(baseUrl: string, client: TestClient, method: string, url: string, body?: unknown) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return fetch(baseUrl + url, {
    method,
    headers: {
      cookie,
      origin: baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * Starts the real server (`node server.ts`) armed to kill itself at `point`, runs `act` against it,
 * and waits until it died there. Fails when it exits any other way.
 */
async function crashServerAt(
  serverEnv: Record<string, string>,
  point: CrashPoint,
  act: (baseUrl: string) => Promise<unknown>,
): Promise<void> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      ...serverEnv,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      AUTH_SECRET: testEnv().authSecret,
      SEED_DEMO_DATA: 'false',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      CRASH_AT: point,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 240 || child.exitCode !== null) throw new Error(`The server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    // The request that crosses the crash point dies with the server: its answer never comes.
    await act(baseUrl).catch(() => undefined);
    const signal = await Promise.race([
      exited,
      new Promise<'alive'>((r) => setTimeout(() => r('alive'), 60_000)),
    ]);
    expect(signal, `the server should have died at ${point}:\n${output}`).toBe('SIGKILL');
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  }
}

/** Sandbox refunds of a payment, oldest first: what the provider itself sent back, and under which key. */
async function providerRefundsOf(database: Database, paymentId: string) {
  const rows = await rawQuery<{ amount_cents: number; idempotency_key: string | null }>(
    database,
    `select r.amount_cents, r.idempotency_key from sandbox_refunds r
       join payments p on p.provider_payment_ref = r.charge_id where p.id = $1 order by r.created_at`,
    [paymentId],
  );
  return { amounts: rows.map((r) => r.amount_cents), keys: rows.map((r) => r.idempotency_key) };
}

async function paymentOf(database: Database, where: { targetId?: string; userId?: string; purpose: string }) {
  const rows = await rawQuery<{ id: string; amount_cents: number; refunded_cents: number }>(
    database,
    `select id, amount_cents, refunded_cents from payments
      where purpose = $1 and ($2::text is null or target_id = $2) and ($3::text is null or user_id = $3)
      order by created_at desc limit 1`,
    [where.purpose, where.targetId ?? null, where.userId ?? null],
  );
  if (!rows[0]) throw new Error(`no ${where.purpose} payment`);
  return rows[0];
}

describe('a server killed between the payment provider and the ledger', () => {
  it('refunds and pays out exactly once after a restart, on every path that moves money out', async () => {
    const shared = await sharedDatabase();
    const { serverEnv } = shared;
    let database = shared.first;
    try {
      // Before: deals, claims, a dispute, a stray page and a subscription, made through the app.
      let { app } = await buildTestApp({ database });
      const seller = await signedInClient(app);
      const buyer = await signedInClient(app);
      const admin = await adminClient(app);
      await createCompanyOf(seller.client, { contactEmail: 'sales@crash-seller.test' });
      const listing = await createListingOf(seller.client, { price: 1000, quantity: 100 });
      const parties = {
        buyer: { ...buyer.user, name: 'Buyer' },
        seller: { ...seller.user, name: 'Seller' },
        admin: { ...admin.user, name: 'Admin' },
      };
      const { deals } = app.services;
      const claimedDeal = async () => {
        const { deal } = await fundedDeal(app, parties, {
          listingId: listing.id,
          method: 'card',
          dealValue: 10_000,
          quantity: 10,
        });
        await deals.act(parties.buyer, deal.id, { action: 'record-delivery' });
        const evidence = await app.services.privateFiles.upload(parties.buyer.id, 'claim-evidence', {
          bytes: REGISTRATION_PDF,
          fileName: 'weighbridge.pdf',
        });
        const claim = await deals.claims.openClaim(parties.buyer, deal.id, {
          reason: 'weight_shortfall',
          affectedQuantity: 2,
          claimedCents: 200_000,
          evidence: [evidence.id],
          note: 'Weighbridge shows 8 t, not 10 t.',
        });
        return { deal, claim };
      };
      // The claim's buyer part (2,000 + the 3% commission paid on it, 60) goes back to the card.
      const claimRefundCents = 206_000;
      const settledBeforeBooking = await claimedDeal();
      const settledBeforeMarking = await claimedDeal();
      const disputed = (
        await fundedDeal(app, parties, {
          listingId: listing.id,
          method: 'card',
          dealValue: 5_000,
          quantity: 5,
          ship: false,
        })
      ).deal;
      await deals.act(parties.buyer, disputed.id, {
        action: 'open-dispute',
        reason: 'The bales arrived wet and mouldy.',
      });
      const subscriber = await subscribedClient(app);
      // A second page the provider still holds for a paid deal's payment (an expiry that failed).
      const strayDeal = (
        await fundedDeal(app, parties, {
          listingId: listing.id,
          method: 'card',
          dealValue: 2_000,
          quantity: 2,
        })
      ).deal;
      const strayPayment = await paymentOf(database, { purpose: 'escrow_funding', targetId: strayDeal.id });
      const { payments } = app.services;
      const strayPage = await payments.provider.createPaymentCheckout({
        customerId: await payments.ensureCustomer(parties.buyer),
        description: 'Escrow funding',
        amountCents: strayPayment.amount_cents,
        successUrl: `${TEST_APP_URL}/deals`,
        cancelUrl: `${TEST_APP_URL}/deals`,
        metadata: {
          paymentId: strayPayment.id,
          purpose: 'escrow_funding',
          targetId: strayDeal.id,
          userId: buyer.user.id,
        },
      });
      // A shipped deal whose escrow the escrow provider holds, early release asked by the seller.
      const providerDeal = await deals.createDeal(parties.buyer, {
        listingId: listing.id,
        dealValue: 3_000,
        quantity: 3,
      });
      await deals.act(parties.buyer, providerDeal.id, { action: 'confirm' });
      await deals.act(parties.seller, providerDeal.id, { action: 'confirm' });
      const escrowFunding = await deals.fundEscrow(parties.buyer, providerDeal.id, { method: 'escrow_wire' });
      if (escrowFunding.kind !== 'escrow_transaction') throw new Error('expected an escrow transaction');
      const escrowProvider = app.services.escrowProvider as unknown as {
        applyPageAction(id: string, action: 'fund'): Promise<unknown>;
      };
      await escrowProvider.applyPageAction(escrowFunding.transactionId, 'fund');
      await deals.whenIdle();
      await deals.act(parties.seller, providerDeal.id, { action: 'ship-goods' });
      await deals.act(parties.seller, providerDeal.id, { action: 'request-early-release' });
      await closeOpenApps();
      await database.close();

      const answerAccept = (target: Awaited<ReturnType<typeof claimedDeal>>) => (baseUrl: string) =>
        requestAs(
          baseUrl,
          seller.client,
          'POST',
          `/api/deals/${target.deal.id}/claims/${target.claim.id}/answer`,
          { answer: 'accept' },
        );
      // A claim settled, its refund made at the provider, the server killed before the ledger booked it.
      await crashServerAt(serverEnv, 'payments.refund.after-provider', answerAccept(settledBeforeBooking));
      // A claim settled and its refund booked, the server killed before the funding was marked settled.
      await crashServerAt(serverEnv, 'deals.card-refund.after-booking', answerAccept(settledBeforeMarking));
      // The seller refunds a disputed deal; killed between the provider's refund and the booking.
      await crashServerAt(serverEnv, 'payments.refund.after-provider', (baseUrl) =>
        requestAs(baseUrl, seller.client, 'POST', `/api/deals/${disputed.id}/actions`, {
          action: 'refund-escrow',
        }),
      );
      // The money-back guarantee: refunded, killed before the subscription was ended.
      await crashServerAt(serverEnv, 'billing.money-back.after-refund', (baseUrl) =>
        requestAs(baseUrl, subscriber.client, 'POST', '/api/billing/subscription/refund'),
      );

      // The buyer pays the second page: a stray charge, refunded at the provider, killed before booking.
      await crashServerAt(serverEnv, 'payments.stray-refund.after-provider', (baseUrl) =>
        fetch(baseUrl + new URL(strayPage.url).pathname, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
          body: new URLSearchParams({
            action: 'pay',
            email: 'payer@example.test',
            method: 'card',
            ...SUCCESS_CARD,
          }),
          redirect: 'manual',
        }),
      );
      // The buyer approves the early release: the escrow provider released, killed before it was recorded.
      await crashServerAt(serverEnv, 'deals.escrow-provider.after-call', (baseUrl) =>
        requestAs(baseUrl, buyer.client, 'POST', `/api/deals/${providerDeal.id}/actions`, {
          action: 'approve-early-release',
        }),
      );

      // After the restart: the jobs run, and the subscriber asks for the money back again.
      database = await shared.open();
      ({ app } = await buildTestApp({ database, keepData: true }));
      await app.services.deals.runEscrowSync();
      await app.services.deals.runEscrowSync();
      await app.services.payments.runStrayRefunds();
      // The escrow provider's claim is finished by the reconcile job once it is a minute old.
      await rawQuery(
        database,
        `update deals set escrow_provider_claim = jsonb_set(escrow_provider_claim, '{claimedAt}', to_jsonb($2::text))
          where id = $1`,
        [providerDeal.id, new Date(Date.now() - 120_000).toISOString()],
      );
      expect(await app.services.deals.runEscrowClaimReconcile()).toEqual({ finished: 1, dropped: 0 });
      await app.services.deals.whenIdle();
      const subscriberAgain = createClient(app);
      for (const [name, value] of subscriber.client.cookies) subscriberAgain.cookies.set(name, value);
      const again = await subscriberAgain.post('/api/billing/subscription/refund');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ subscribed: false });

      // Each refund was made once, under the name of what asked for it, and booked once.
      for (const { deal } of [settledBeforeBooking, settledBeforeMarking]) {
        const payment = await paymentOf(database, { purpose: 'escrow_funding', targetId: deal.id });
        const refunds = await providerRefundsOf(database, payment.id);
        expect(refunds.amounts).toEqual([claimRefundCents]);
        expect(payment.refunded_cents).toBe(claimRefundCents);
        expect(await app.services.ledger.getBalance(`escrow:held:${deal.id}`)).toBe(0);
        expect(await app.services.deals.getDeal(parties.buyer, deal.id)).toMatchObject({
          status: 'completed',
        });
      }
      const disputedPayment = await paymentOf(database, { purpose: 'escrow_funding', targetId: disputed.id });
      expect((await providerRefundsOf(database, disputedPayment.id)).amounts).toEqual([
        disputedPayment.amount_cents,
      ]);
      expect(disputedPayment.refunded_cents).toBe(disputedPayment.amount_cents);
      const premium = await paymentOf(database, { purpose: 'subscription', userId: subscriber.user.id });
      expect(await providerRefundsOf(database, premium.id)).toEqual({
        amounts: [premium.amount_cents],
        keys: [`money-back:${premium.id}`],
      });
      expect(premium.refunded_cents).toBe(premium.amount_cents);
      for (const { deal } of [settledBeforeBooking, settledBeforeMarking]) {
        const payment = await paymentOf(database, { purpose: 'escrow_funding', targetId: deal.id });
        expect((await providerRefundsOf(database, payment.id)).keys).toEqual([
          expect.stringMatching(/^escrow-payment:/),
        ]);
      }
      // The stray charge went back once; the early release happened once, here as at the provider.
      const strayRefunds = await rawQuery<{ amount_cents: number }>(
        database,
        `select r.amount_cents from sandbox_refunds r
           join payment_checkouts c on c.provider_payment_ref = r.charge_id where c.provider_checkout_id = $1`,
        [strayPage.id],
      );
      expect(strayRefunds.map((r) => r.amount_cents)).toEqual([strayPayment.amount_cents]);
      const released = await app.services.deals.getDeal(parties.seller, providerDeal.id);
      expect(released).toMatchObject({ status: 'completed', escrowStatus: 'released' });
      expect((await escrowProviderOf(app).getTransaction(escrowFunding.transactionId))?.status).toBe(
        'released',
      );
      // Nobody is paid more than their deals: the seller's payable stays within the five deals' values.
      const dealValuesCents = [
        settledBeforeBooking.deal,
        settledBeforeMarking.deal,
        disputed,
        strayDeal,
        providerDeal,
      ]
        .map((d) => d.dealValueCents)
        .reduce((a, b) => a + b, 0);
      expect(-(await app.services.ledger.getBalance(`payable:seller:${seller.user.id}`))).toBeLessThanOrEqual(
        dealValuesCents,
      );
      await expectMoneyReconciled(app, database);
      expect(await app.services.deals.findEscrowMismatches()).toEqual([]);
    } finally {
      await closeOpenApps();
      await database.close();
    }
  }, 240_000);
});
