import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, admins, deals, listings, messages, users } from '../db/schema.ts';
import type { JobQueue } from '../lib/jobs.ts';
import type { Storage } from '../lib/storage.ts';
import type { DealsService } from '../modules/deals/index.ts';
import type { WireTransfersService } from '../modules/escrow/index.ts';
import { requestMatching } from '../modules/market/index.ts';
import type { PrivateFilesService } from '../modules/private-files/index.ts';
import { seedDemoCompanies } from './seed-companies.ts';
import { seedDemoListings } from './seed-listings.ts';
import { seedPriceHistory } from './seed-price-history.ts';

export const DEMO_PASSWORD = 'Recytrade-demo-2026';

/** Demo people of the first start; capabilities add their companies, listings and posts to the seed. */
export const DEMO_USERS = [
  {
    email: 'admin@recytrade.test',
    name: 'Alex Morgan',
    company: 'Recytrade Operations',
    sector: 'Other',
    admin: true,
  },
  {
    email: 'maria@greenloop-metals.test',
    name: 'Maria Santos',
    company: 'GreenLoop Metals',
    sector: 'Metal Recycling',
    admin: false,
  },
  {
    email: 'tom@polycycle.test',
    name: 'Tom Becker',
    company: 'PolyCycle GmbH',
    sector: 'Plastic Recycling',
    admin: false,
  },
  {
    email: 'priya@kaveri-fibres.test',
    name: 'Priya Raman',
    company: 'Kaveri Fibres',
    sector: 'Textile Recycling',
    admin: false,
  },
  {
    email: 'jonas@nordpapir.test',
    name: 'Jonas Lund',
    company: 'NordPapir AS',
    sector: 'Paper & Cardboard Recycling',
    admin: false,
  },
  {
    email: 'lucia@andes-scrap.test',
    name: 'Lucía Quispe',
    company: 'Andes Scrap SAC',
    sector: 'Metal Recycling',
    admin: false,
  },
  {
    email: 'kwame@accra-plastics.test',
    name: 'Kwame Mensah',
    company: 'Accra Plastics Recovery',
    sector: 'Plastic Recycling',
    admin: false,
  },
  {
    email: 'anna@voltcycle.test',
    name: 'Anna Kowalska',
    company: 'VoltCycle E-Waste',
    sector: 'Electronic Waste (E-Waste)',
    admin: false,
  },
  {
    email: 'diego@vidrio-claro.test',
    name: 'Diego Herrera',
    company: 'Vidrio Claro',
    sector: 'Glass Recycling',
    admin: false,
  },
  {
    email: 'sam@solidbase-aggregates.test',
    name: 'Sam Whitfield',
    company: 'SolidBase Aggregates',
    sector: 'Construction & Demolition Waste',
    admin: false,
  },
  {
    email: 'lena@greenharvest-compost.test',
    name: 'Lena Vogel',
    company: 'GreenHarvest Compost',
    sector: 'Organic Waste & Composting',
    admin: false,
  },
  {
    email: 'marcus@tread-again.test',
    name: 'Marcus Reid',
    company: 'TreadAgain Rubber',
    sector: 'Rubber & Tire Recycling',
    admin: false,
  },
  {
    email: 'yuki@kanto-solvents.test',
    name: 'Yuki Tanaka',
    company: 'Kanto Solvent Recovery',
    sector: 'Chemical Waste Processing',
    admin: false,
  },
  {
    email: 'omar@gulf-industrial.test',
    name: 'Omar Haddad',
    company: 'Gulf Industrial Services',
    sector: 'Industrial Waste Management',
    admin: false,
  },
  {
    email: 'claire@metro-mrf.test',
    name: 'Claire Dubois',
    company: 'Metro MRF Lyon',
    sector: 'Municipal Waste Processing',
    admin: false,
  },
  {
    email: 'ben@timberloop.test',
    name: 'Ben Carter',
    company: 'TimberLoop Pallets',
    sector: 'Other',
    admin: false,
  },
] as const;

/**
 * Seeds demo data into an empty database; does nothing once any account exists. With `storage`, it
 * also fills the marketplace with demo listings and their generated photos.
 */
export async function seedDemoData(
  db: Db,
  opts: { storage?: Storage; now?: Date } = {},
): Promise<{ seeded: boolean }> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return { seeded: false };
  const password = await hashPassword(DEMO_PASSWORD);
  const userIds = new Map<string, string>();
  await db.transaction(async (tx) => {
    for (const demo of DEMO_USERS) {
      const id = randomUUID();
      userIds.set(demo.email, id);
      await tx.insert(users).values({
        id,
        name: demo.name,
        email: demo.email,
        emailVerified: true,
        emailVerifiedAt: new Date(),
        company: demo.company,
        sector: demo.sector,
      });
      await tx
        .insert(accounts)
        .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password });
      if (demo.admin)
        await tx.insert(admins).values({ id: randomUUID(), userId: id, email: demo.email, role: 'owner' });
    }
  });
  await seedDemoCompanies(db, userIds, opts.now ?? new Date());
  if (opts.storage) await seedDemoListings(db, opts.storage, userIds, opts.now ?? new Date());
  await seedPriceHistory(db, userIds, opts.now ?? new Date());
  return { seeded: true };
}

/**
 * Queues the matching of the active demo listings, as posting them would have: the demo shows matches
 * and their notifications from the first start. Run once, after the seed (`seedDemoData` reported
 * `seeded`); the jobs run once the app is ready.
 */
export async function queueDemoMatching(db: Db, jobs: JobQueue): Promise<number> {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.status, 'active'))
    .orderBy(asc(listings.createdAt), asc(listings.id));
  for (const row of rows) await requestMatching(jobs, row.id);
  return rows.length;
}

/**
 * Demo deals between demo traders, one in each interesting state (offer made, agreed, escrow held,
 * completed and released with the commission settled, disputed, a claim awaiting the seller). Created
 * through the deals and
 * wire-transfer services, so the ledger holds exactly what those states imply. Does nothing once
 * any deal exists, or when the demo traders or their listings are missing.
 */
export async function seedDemoDeals(
  db: Db,
  services: {
    deals: DealsService;
    wireTransfers: WireTransfersService;
    privateFiles: Pick<PrivateFilesService, 'upload'>;
  },
): Promise<{ seeded: boolean }> {
  const [{ n }] = await db.select({ n: count() }).from(deals);
  if (n > 0) return { seeded: false };
  const emails = [
    'admin@recytrade.test',
    'maria@greenloop-metals.test',
    'tom@polycycle.test',
    'priya@kaveri-fibres.test',
    'jonas@nordpapir.test',
  ];
  const people = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.email, emails));
  const byEmail = (email: string) => people.find((p) => p.email === email);
  const [admin, maria, tom, priya, jonas] = emails.map(byEmail);
  if (!admin || !maria || !tom || !priya || !jonas) return { seeded: false };
  const sellListingOf = async (userId: string, index: number) => {
    const rows = await db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.userId, userId), eq(listings.type, 'sell')))
      .orderBy(asc(listings.createdAt), asc(listings.id));
    return rows[index % Math.max(rows.length, 1)]?.id;
  };
  const [mariaA, mariaB, tomA, tomB, jonasA] = await Promise.all([
    sellListingOf(maria.id, 0),
    sellListingOf(maria.id, 1),
    sellListingOf(tom.id, 0),
    sellListingOf(tom.id, 1),
    sellListingOf(jonas.id, 0),
  ]);
  if (!mariaA || !mariaB || !tomA || !tomB || !jonasA) return { seeded: false };
  const { deals: svc, wireTransfers } = services;
  const adminRef = { id: admin.id, email: admin.email };

  const agree = async (
    buyer: typeof tom,
    seller: typeof tom,
    listingId: string,
    dealValue: number,
    notes?: string,
    quantity?: number,
  ) => {
    // A quarter of the lot unless told: agreed deals hold their quantity, and the history below
    // takes more of the same listings.
    const [lot] = await db
      .select({ quantity: listings.quantity })
      .from(listings)
      .where(eq(listings.id, listingId));
    const deal = await svc.createDeal(buyer, {
      listingId,
      dealValue,
      notes,
      quantity: quantity ?? Math.max(1, Math.floor((lot?.quantity ?? 4) / 4)),
    });
    await svc.act(buyer, deal.id, { action: 'confirm' });
    await svc.act(seller, deal.id, { action: 'confirm' });
    return deal;
  };
  /** Funding by plain wire, verified by the administrator (the commission is paid with it). */
  const fundByWire = async (buyer: typeof tom, dealId: string) => {
    await svc.fundEscrow(buyer, dealId, { method: 'wire', includeCommission: true });
    const wire = (await wireTransfers.listForUser(buyer.id)).find(
      (w) => w.relatedId === dealId && w.status === 'pending',
    );
    if (wire) await wireTransfers.verify(adminRef, wire.id, 'Demo: funds seen on the bank statement');
  };

  // An offer waiting for the seller.
  await svc.createDeal(tom, {
    listingId: mariaA,
    dealValue: 18_500,
    notes: 'Monthly lots, delivery to Hamburg',
  });
  // Agreed by both, waiting for the buyer to fund escrow.
  await agree(priya, tom, tomA, 9_200);
  // Escrow held: the seller may ship.
  const held = await agree(jonas, maria, mariaB, 24_000, 'Two truckloads, inspection on arrival');
  await fundByWire(jonas, held.id);
  // Completed and released, the commission settled with the funding.
  const done = await agree(maria, jonas, jonasA, 6_400);
  await fundByWire(maria, done.id);
  await svc.act(jonas, done.id, { action: 'ship-goods' });
  await svc.act(maria, done.id, { action: 'release-escrow' });
  // Disputed before shipping: an administrator decides.
  const disputed = await agree(priya, tom, tomB, 12_750);
  await fundByWire(priya, disputed.id);
  await svc.act(priya, disputed.id, {
    action: 'open-dispute',
    reason: 'Funded three weeks ago and still not shipped; the seller has stopped answering',
  });
  // Shipped and delivered short: the buyer's claim with a weighbridge slip waits for the seller.
  const claimed = await agree(maria, tom, tomA, 15_400, 'Baled PET, 22 t, weighed on arrival');
  await fundByWire(maria, claimed.id);
  await svc.act(tom, claimed.id, { action: 'ship-goods' });
  await svc.act(maria, claimed.id, { action: 'record-delivery' });
  const slip = await services.privateFiles.upload(maria.id, 'claim-evidence', {
    bytes: weighbridgeSlipPdf(),
    fileName: 'weighbridge-slip-hamburg.pdf',
  });
  await svc.claims.openClaim(maria, claimed.id, {
    reason: 'weight_shortfall',
    affectedQuantity: 1.5,
    claimedCents: 105_000,
    evidence: [slip.id],
    note: 'The weighbridge at our Hamburg yard shows 20.5 t against the 22 t invoiced.',
  });
  await seedCompletedHistory(db, { deals: svc, agree, fundByWire, people: { maria, tom, jonas } });
  await svc.whenIdle();
  // The demo history is old news: its deal notes arrive read, so demo inboxes start clean.
  await db.update(messages).set({ readAt: new Date() }).where(isNull(messages.readAt));
  return { seeded: true };
}

/**
 * Completed and released deals of graded lots across the past months, so the demo trader's impact
 * chart (and the price index) has a history: each is completed through the services, then its
 * completion is dated back, as if it had happened then. Lots the seed does not find are skipped.
 */
async function seedCompletedHistory(
  db: Db,
  ctx: {
    deals: DealsService;
    agree: (
      buyer: SeedPerson,
      seller: SeedPerson,
      listingId: string,
      dealValue: number,
      notes?: string,
      quantity?: number,
    ) => Promise<{ id: string }>;
    fundByWire: (buyer: SeedPerson, dealId: string) => Promise<void>;
    people: { maria: SeedPerson; tom: SeedPerson; jonas: SeedPerson };
  },
): Promise<void> {
  const { maria, tom, jonas } = ctx.people;
  const history: {
    seller: SeedPerson;
    buyer: SeedPerson;
    title: string;
    quantity: number;
    monthsAgo: number;
  }[] = [
    { seller: maria, buyer: tom, title: 'Aluminium UBC bales (Taldack)', quantity: 20_000, monthsAgo: 5 },
    {
      seller: jonas,
      buyer: maria,
      title: 'OCC 11 bales (old corrugated containers)',
      quantity: 40,
      monthsAgo: 4,
    },
    { seller: maria, buyer: jonas, title: 'Copper #2 "Birch/Cliff" wire', quantity: 10_000, monthsAgo: 3 },
    {
      seller: tom,
      buyer: maria,
      title: 'PET bottle bales, clear, 95% purity',
      quantity: 40_000,
      monthsAgo: 2,
    },
    { seller: maria, buyer: tom, title: 'Aluminium UBC bales (Taldack)', quantity: 15_000, monthsAgo: 1 },
  ];
  const now = new Date();
  for (const lot of history) {
    const [listing] = await db
      .select({ id: listings.id, priceCents: listings.priceCents, quantity: listings.quantity })
      .from(listings)
      .where(and(eq(listings.userId, lot.seller.id), eq(listings.title, lot.title)));
    if (!listing || lot.quantity > listing.quantity) continue;
    const value = Math.round((listing.priceCents * lot.quantity) / 100);
    const deal = await ctx.agree(lot.buyer, lot.seller, listing.id, value, undefined, lot.quantity);
    await ctx.fundByWire(lot.buyer, deal.id);
    await ctx.deals.act(lot.seller, deal.id, { action: 'ship-goods' });
    await ctx.deals.act(lot.buyer, deal.id, { action: 'release-escrow' });
    const completedAt = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - lot.monthsAgo, 10 + lot.monthsAgo, 12),
    );
    await db
      .update(deals)
      .set({ completedAt, shippedAt: completedAt, impactRecordedAt: completedAt, createdAt: completedAt })
      .where(eq(deals.id, deal.id));
  }
}

type SeedPerson = { id: string; email: string; name: string };

/** A one-page PDF weighbridge slip: the demo claim's evidence. */
function weighbridgeSlipPdf(): Buffer {
  const text =
    'BT /F1 14 Tf 72 720 Td (Weighbridge slip - Hamburg yard - gross 34.2 t, tare 13.7 t, net 20.5 t) Tj ET';
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
      `4 0 obj << /Length ${text.length} >> stream`,
      text,
      'endstream endobj',
      '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  );
}
