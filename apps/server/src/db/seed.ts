import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { count } from 'drizzle-orm';
import type { Db } from './client.ts';
import { accounts, admins, users } from './schema.ts';

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
] as const;

/** Seeds demo data into an empty database; does nothing once any account exists. */
export async function seedDemoData(db: Db): Promise<{ seeded: boolean }> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return { seeded: false };
  const password = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const demo of DEMO_USERS) {
      const id = randomUUID();
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
  return { seeded: true };
}
