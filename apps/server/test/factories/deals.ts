import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { companies, listings, users } from '../../src/db/schema.ts';
import type { SessionUser } from '../../src/modules/accounts/index.ts';
import { createClient } from '../build-test-app.ts';
import { pathOf, postForm, SUCCESS_CARD, settleWebhooks } from './billing.ts';

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

/**
 * An agreed deal funded into escrow by card (the sandbox checkout paid) or plain wire (verified by
 * `admin`), through the services; shipped by the seller unless `ship` is false.
 */
export async function fundedDeal(
  app: FastifyInstance,
  parties: { buyer: SessionUser; seller: SessionUser; admin: SessionUser },
  opts: {
    listingId: string;
    method: 'card' | 'wire';
    dealValue: number;
    quantity?: number;
    includeCommission?: boolean;
    ship?: boolean;
  },
) {
  const { deals, wireTransfers } = app.services;
  const { buyer, seller, admin } = parties;
  const deal = await deals.createDeal(buyer, {
    listingId: opts.listingId,
    dealValue: opts.dealValue,
    ...(opts.quantity ? { quantity: opts.quantity } : {}),
  });
  await deals.act(buyer, deal.id, { action: 'confirm' });
  await deals.act(seller, deal.id, { action: 'confirm' });
  const funding = await deals.fundEscrow(buyer, deal.id, {
    method: opts.method,
    includeCommission: opts.includeCommission ?? true,
  });
  if (funding.kind === 'checkout') {
    await paySandboxCheckout(app, funding.url);
    await settleWebhooks(app);
  } else {
    const wire = (await wireTransfers.listForUser(buyer.id)).find(
      (w) => w.status === 'pending' && w.relatedId === deal.id,
    );
    if (!wire) throw new Error('expected a pending wire');
    await wireTransfers.verify({ id: admin.id, email: admin.email }, wire.id);
  }
  await deals.whenIdle();
  if (opts.ship !== false) await deals.act(seller, deal.id, { action: 'ship-goods' });
  return { deal: await deals.getDeal(buyer, deal.id), funding };
}
