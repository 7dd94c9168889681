import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

type Person = { id: string; email: string; name?: string };
const asUser = (p: Person) => ({ id: p.id, email: p.email, name: p.name ?? 'Trader' });

/**
 * A deal driven to its end through the services, as the parties would: offer, both confirm, plain wire
 * verified by the administrator (commission included), shipped, escrow released by the buyer.
 */
export async function completeDeal(
  app: FastifyInstance,
  people: { buyer: Person; seller: Person; admin: Person },
  listingId: string,
  opts: { release?: boolean; dealValue?: number } = {},
) {
  const { deals, wireTransfers } = app.services;
  const buyer = asUser(people.buyer);
  const seller = asUser(people.seller);
  const deal = await deals.createDeal(buyer, { listingId, dealValue: opts.dealValue ?? 1_000, quantity: 1 });
  await deals.act(buyer, deal.id, { action: 'confirm' });
  await deals.act(seller, deal.id, { action: 'confirm' });
  await deals.fundEscrow(buyer, deal.id, { method: 'wire', includeCommission: true });
  const wire = (await wireTransfers.listForUser(buyer.id)).find(
    (w) => w.relatedId === deal.id && w.status === 'pending',
  );
  expect(wire).toBeDefined();
  await wireTransfers.verify({ id: people.admin.id, email: people.admin.email }, wire?.id ?? '', 'seen');
  await deals.act(seller, deal.id, { action: 'ship-goods' });
  if (opts.release !== false) await deals.act(buyer, deal.id, { action: 'release-escrow' });
  await deals.whenIdle();
  return { id: deal.id };
}

export const FIVE = { asAgreed: 5, communication: 5, timeliness: 5 };
export const FOUR = { asAgreed: 4, communication: 4, timeliness: 4 };
