import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestClient } from '../build-test-app.ts';
import { pathOf, postForm, SUCCESS_CARD } from './billing.ts';

/** A listing of the client's user (active, no images), for starts "from a listing". */
export async function createListingOf(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/api/listings', {
    title: 'Baled OCC cardboard',
    type: 'sell',
    description: 'Old corrugated containers, baled, dry, 20 t per month.',
    availability: 'immediate',
    category: 'paper',
    location: 'Antwerp, Belgium',
    price: 95,
    quantity: 20,
    unit: 'tons',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().listing as { id: string };
}

/** A company profile of the client's user, for starts "from the directory". */
export async function createCompanyOf(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/api/companies', {
    companyName: 'Greenloop Metals',
    contactEmail: 'sales@greenloop.test',
    companyType: 'seller',
    materials: ['Metals'],
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; companyName: string };
}

/** Pays a sandbox checkout URL with the test card, as the browser would; returns the redirect. */
export async function payCheckout(client: TestClient, url: string) {
  const page = await postForm(client, pathOf(url), {
    action: 'pay',
    email: 'payer@example.test',
    method: 'card',
    ...SUCCESS_CARD,
  });
  expect(page.statusCode).toBe(303);
  return page.headers.location as string;
}

/** A general conversation between two users opened directly through the service (no fee), with a first message. */
export async function openConversationBetween(
  app: FastifyInstance,
  starterId: string,
  recipientId: string,
  subject = 'Copper lots',
  content = 'Hello, are the lots still available?',
) {
  const { conversation, message } = await app.services.messaging.openConversation({
    starterId,
    recipientId,
    subject,
    origin: 'contact',
    firstMessage: { content },
  });
  return { conversation, message };
}
