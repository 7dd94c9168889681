import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/modules/payments/index.ts';
import { TEST_APP_URL, type TestClient } from '../build-test-app.ts';
import { signedInClient } from './accounts.ts';

/** A clock tests move by hand (renewals, the money-back window); starts at the real now. */
export function createTestClock(start = new Date()) {
  let current = start;
  return {
    now: () => current,
    set: (d: Date) => {
      current = d;
    },
    advanceDays: (days: number) => {
      current = new Date(current.getTime() + days * 86_400_000);
    },
  };
}

export const SUCCESS_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/34',
  cvc: '123',
  name: 'Dana Fischer',
};
export const DECLINED_CARD = {
  cardNumber: '4000 0000 0000 0002',
  expiry: '12/34',
  cvc: '123',
  name: 'Dana Fischer',
};

/** Posts an HTML form the way a browser does (urlencoded, with the app's Origin). */
export function postForm(client: TestClient, url: string, fields: Record<string, string>) {
  return client.request({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** The app-relative path of a provider URL the API answered (sandbox pages live in the app). */
export function pathOf(url: string): string {
  expect(url.startsWith(TEST_APP_URL)).toBe(true);
  return url.slice(TEST_APP_URL.length);
}

/** Starts Premium checkout and pays on the sandbox page with the given form; returns the page answer. */
export async function payPremiumCheckout(
  client: TestClient,
  fields: Record<string, string> = { method: 'card', ...SUCCESS_CARD },
) {
  const checkout = await client.post('/api/billing/checkout', {});
  expect(checkout.statusCode).toBe(200);
  const path = pathOf(checkout.json().url);
  expect(path).toMatch(/^\/sandbox\/checkout\/cs_sbx_[0-9a-f]{24}$/);
  const page = await postForm(client, path, { email: 'payer@example.test', action: 'pay', ...fields });
  return { path, page };
}

/** A signed-in user who has paid for Premium in the sandbox and whose webhooks have been processed. */
export async function subscribedClient(app: FastifyInstance) {
  const signedIn = await signedInClient(app);
  const { page } = await payPremiumCheckout(signedIn.client);
  expect(page.statusCode).toBe(303);
  await expectSubscribed(signedIn.client, true);
  return signedIn;
}

export async function expectSubscribed(client: TestClient, subscribed: boolean) {
  await expect
    .poll(async () => (await client.get('/api/billing/subscription')).json().subscribed, { timeout: 15_000 })
    .toBe(subscribed);
}

/** Waits until every webhook the sandbox emitted has been delivered and accepted. */
export async function settleWebhooks(app: FastifyInstance) {
  const sandbox = app.services.sandbox;
  if (!sandbox) throw new Error('The sandbox provider is not active');
  await expect
    .poll(async () => (await sandbox.listEvents({ undeliveredOnly: true })).length, { timeout: 15_000 })
    .toBe(0);
}

/** Runs the sandbox's scheduled work at the test clock's time and waits for its webhooks. */
export async function runSandboxMaintenance(app: FastifyInstance) {
  await app.services.sandbox?.runMaintenance();
  await settleWebhooks(app);
}

/** A signed-in administrator. */
export async function adminClient(app: FastifyInstance) {
  const signedIn = await signedInClient(app);
  await app.services.admin.makeAdminByEmail(signedIn.user.email);
  return signedIn;
}

/** Hands the webhooks a `manual` sandbox held back to the payments service, signed, as they arrive late. */
export async function deliverHeldWebhooks(app: FastifyInstance) {
  const sandbox = app.services.sandbox;
  if (!sandbox) throw new Error('The sandbox provider is not active');
  for (const event of await sandbox.listEvents({ undeliveredOnly: true })) {
    const rawBody = JSON.stringify(event.payload);
    await app.services.payments.processWebhook(rawBody, {
      [SANDBOX_SIGNATURE_HEADER]: sandbox.signPayload(rawBody),
    });
  }
}
