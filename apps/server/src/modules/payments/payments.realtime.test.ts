import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import {
  deliverHeldWebhooks,
  expectSubscribed,
  pathOf,
  payPremiumCheckout,
  postForm,
  SUCCESS_CARD,
  settleWebhooks,
} from '../../../test/factories/billing.ts';
import { featuredListingCheckout } from '../../../test/factories/payments.ts';
import { LEDGER_ACCOUNTS } from '../ledger/index.ts';
import { revenueBooks } from './payments.service.ts';

// A page that opened a checkout in another tab follows its outcome from these events: each is sent to
// the payer alone, by the transaction that records the outcome.

type Event = { type: string; [key: string]: unknown };

/** Every event the realtime service sends to a user's open pages. */
function recordEvents(app: FastifyInstance, userId: string) {
  const events: Event[] = [];
  const detach = app.services.realtime.attach(userId, {
    readyState: 1,
    send: (frame: string) => void events.push(JSON.parse(frame)),
    close: () => undefined,
  });
  detaches.push(detach);
  return events;
}
const detaches: Array<() => void> = [];
afterEach(() => {
  for (const detach of detaches.splice(0)) detach();
});

const paymentEvents = (events: Event[]) => events.filter((e) => e.type === 'payment.updated');

const featuredCheckout = (user: { id: string; email: string }) =>
  featuredListingCheckout(user, 'lst_rt', {
    successPath: '/listings/manage?featured=success',
    cancelPath: '/listings/manage?featured=canceled',
  });

// Each journey signs up its users and pays on the sandbox page: slower than most on a busy machine.
describe('payment outcomes reach the payer live', { timeout: 60_000 }, () => {
  it('a paid checkout sends payment.updated (succeeded) to the payer only, once, duplicates included', async () => {
    const { app } = await buildTestApp({ sandboxWebhooks: 'manual' });
    const payer = await signedInClient(app);
    const other = await signedInClient(app);
    const payerEvents = recordEvents(app, payer.user.id);
    const otherEvents = recordEvents(app, other.user.id);
    const { payment, url } = await app.services.payments.startCheckout(featuredCheckout(payer.user));
    expect(paymentEvents(payerEvents)).toEqual([]);

    const paid = await postForm(payer.client, pathOf(url), {
      action: 'pay',
      email: 'payer@example.test',
      method: 'card',
      ...SUCCESS_CARD,
    });
    expect(paid.statusCode).toBe(303);
    // Not booked yet (the webhook is held): nothing is announced before the outcome is recorded.
    expect(paymentEvents(payerEvents)).toEqual([]);

    await deliverHeldWebhooks(app);
    await expect.poll(() => paymentEvents(payerEvents).length, { timeout: 10_000 }).toBe(1);
    expect(paymentEvents(payerEvents)[0]).toEqual({
      type: 'payment.updated',
      payment: { id: payment.id, purpose: 'featured_listing', targetId: 'lst_rt', status: 'succeeded' },
    });

    // A duplicate delivery and a re-sync book nothing again, so they announce nothing again.
    const sandbox = app.services.sandbox;
    const [completed] = (await sandbox?.listEvents()) ?? [];
    const body = JSON.stringify(completed.payload);
    await app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload: body,
      headers: { 'content-type': 'application/json', 'sandbox-signature': sandbox?.signPayload(body) ?? '' },
    });
    const session = completed.payload as { data: { object: { id: string } } };
    await app.services.payments.syncCheckoutSession(session.data.object.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(paymentEvents(payerEvents)).toHaveLength(1);
    expect(otherEvents).toEqual([]);
  });

  it('a booking rolled back by its handler announces nothing; the retry that books it announces it', async () => {
    const { app } = await buildTestApp({ sandboxWebhooks: 'manual' });
    let failures = 1;
    app.services.payments.registerPurposeHandler(
      'featured_listing',
      {
        books: revenueBooks(app.services.ledger, LEDGER_ACCOUNTS.revenueFeaturedListings),
        async onSucceeded() {
          if (failures-- > 0) throw new Error('listing service unavailable');
        },
      },
      { replace: true },
    );
    const payer = await signedInClient(app);
    const events = recordEvents(app, payer.user.id);
    const { url } = await app.services.payments.startCheckout(featuredCheckout(payer.user));
    await postForm(payer.client, pathOf(url), {
      action: 'pay',
      email: 'payer@example.test',
      method: 'card',
      ...SUCCESS_CARD,
    });
    await expect(deliverHeldWebhooks(app)).rejects.toThrow('listing service unavailable');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(paymentEvents(events)).toEqual([]);

    await deliverHeldWebhooks(app);
    await expect.poll(() => paymentEvents(events).length, { timeout: 10_000 }).toBe(1);
    expect(paymentEvents(events)[0]).toMatchObject({ payment: { status: 'succeeded' } });
  });

  it('an expired checkout sends payment.updated (canceled) to the payer', async () => {
    const { app } = await buildTestApp();
    const payer = await signedInClient(app);
    const events = recordEvents(app, payer.user.id);
    const { payment, url } = await app.services.payments.startCheckout(featuredCheckout(payer.user));
    const sessionId = pathOf(url).split('/').pop() as string;
    await app.services.payments.provider.expireCheckoutSession(sessionId);
    await settleWebhooks(app);
    await expect.poll(() => paymentEvents(events).length, { timeout: 10_000 }).toBe(1);
    expect(paymentEvents(events)[0]).toEqual({
      type: 'payment.updated',
      payment: { id: payment.id, purpose: 'featured_listing', targetId: 'lst_rt', status: 'canceled' },
    });
  });

  it('a paid Premium checkout sends subscription.changed (subscribed) to the subscriber only', async () => {
    const { app } = await buildTestApp();
    const subscriber = await signedInClient(app);
    const other = await signedInClient(app);
    const events = recordEvents(app, subscriber.user.id);
    const otherEvents = recordEvents(app, other.user.id);
    const { page } = await payPremiumCheckout(subscriber.client);
    expect(page.statusCode).toBe(303);
    await expectSubscribed(subscriber.client, true);
    await settleWebhooks(app);
    await expect
      .poll(() => events.some((e) => e.type === 'subscription.changed' && e.subscribed === true), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(otherEvents).toEqual([]);
  });
});
