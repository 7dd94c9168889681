import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { companies, listings, users } from '../../src/db/schema.ts';
import type { SessionUser } from '../../src/modules/accounts/index.ts';
import { createClient } from '../build-test-app.ts';
import { pathOf, postForm, SUCCESS_CARD } from './billing.ts';

let sequence = 0;

/** A trader written straight to the database (service tests need no session). */
export async function insertTrader(db: Db, name = 'Trader', opts: { companyEmail?: string | null } = {}) {
  sequence += 1;
  const user: SessionUser = {
    id: randomUUID(),
    name: `${name} ${sequence}`,
    email: `${name.toLowerCase()}${sequence}.${Date.now()}@deals.test`,
  };
  await db.insert(users).values({ ...user, emailVerified: true, company: `${name} Co` });
  if (opts.companyEmail !== null)
    await db.insert(companies).values({
      id: randomUUID(),
      userId: user.id,
      companyName: `${name} Recycling ${sequence}`,
      contactEmail: opts.companyEmail ?? `sales+${sequence}@${name.toLowerCase()}.test`,
      companyType: 'seller',
    });
  return user;
}

/** A listing of the owner written straight to the database. */
export async function insertListing(
  db: Db,
  ownerId: string,
  overrides: { type?: 'sell' | 'buy'; priceCents?: number; quantity?: number; title?: string } = {},
) {
  const now = new Date();
  const id = randomUUID();
  await db.insert(listings).values({
    id,
    userId: ownerId,
    type: overrides.type ?? 'sell',
    title: overrides.title ?? 'Copper cathodes, grade A',
    description: 'LME grade A copper cathodes, 25 t lots.',
    category: 'metals',
    quantity: overrides.quantity ?? 2,
    unit: 'tons',
    priceCents: overrides.priceCents ?? 850_000,
    location: 'Rotterdam, NL',
    availability: 'immediate',
    status: 'active',
    approvalStatus: 'approved',
    createdMonth: now.getUTCMonth() + 1,
    createdYear: now.getUTCFullYear(),
  });
  return { id };
}

/** Pays a sandbox checkout as a browser would (no session needed on the sandbox page). */
export async function paySandboxCheckout(app: FastifyInstance, url: string) {
  const page = await postForm(createClient(app), pathOf(url), {
    action: 'pay',
    email: 'payer@example.test',
    method: 'card',
    ...SUCCESS_CARD,
  });
  expect(page.statusCode).toBe(303);
  return page.headers.location as string;
}
