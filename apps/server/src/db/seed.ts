import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { count } from 'drizzle-orm';
import type { Storage } from '../lib/storage.ts';
import type { Db } from './client.ts';
import { accounts, admins, users } from './schema.ts';
import { seedDemoCompanies } from './seed-companies.ts';
import { seedDemoListings } from './seed-listings.ts';

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
  return { seeded: true };
}
