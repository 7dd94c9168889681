import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createClient, type TestClient } from '../build-test-app.ts';

export const DEFAULT_PASSWORD = 'correct-horse-9';

let sequence = 0;
export function signUpBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    company: 'Northwind Metals',
    sector: 'Metal Recycling',
    fullName: 'Dana Fischer',
    email: `dana${sequence}.${Date.now()}@northwind.test`,
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
}

/** Waits for the newest email of a kind to the address in the outbox and returns it. */
export async function waitForEmail(app: FastifyInstance, to: string, kind: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const emails = await app.services.notifications.listMailbox({ to });
    const found = emails.find((e) => e.kind === kind);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`No ${kind} email to ${to} within ${timeoutMs} ms`);
}

export function tokenFromEmail(text: string): string {
  const match = text.match(/token=([^\s&"]+)/);
  if (!match) throw new Error('No token link in email');
  return decodeURIComponent(match[1]);
}

/** Signs up through the API and confirms the address with the emailed link. */
export async function createConfirmedUser(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const client = createClient(app);
  const res = await client.post('/api/accounts/sign-up', body);
  expect(res.statusCode).toBe(201);
  const email = await waitForEmail(app, body.email, 'email-verification');
  const confirm = await client.post('/api/accounts/verify-email', { token: tokenFromEmail(email.textBody) });
  expect(confirm.statusCode).toBe(204);
  return body;
}

/** A confirmed, signed-in user with its own cookie jar. */
export async function signedInClient(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = await createConfirmedUser(app, overrides);
  const client = createClient(app);
  const res = await client.post('/api/accounts/sign-in', { email: body.email, password: body.password });
  expect(res.statusCode).toBe(200);
  const me = res.json();
  return { client, user: me.user as { id: string; email: string }, credentials: body } as {
    client: TestClient;
    user: { id: string; email: string };
    credentials: typeof body;
  };
}
