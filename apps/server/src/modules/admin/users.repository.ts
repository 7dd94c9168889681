import { and, count, desc, eq, exists, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../accounts/accounts.table.ts';
import { companies } from '../companies/companies.table.ts';

export type AdminUserRow = typeof users.$inferSelect & { companyNames: string[] };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of users, newest first, matched on email, name, sign-up company or company profile name. */
export async function listUsers(
  db: Db,
  filter: { q: string; status: 'all' | 'suspended'; limit: number; offset: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status === 'suspended') conditions.push(isNotNull(users.suspendedAt));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const match = or(
      ilike(users.email, pattern),
      ilike(users.name, pattern),
      ilike(users.company, pattern),
      exists(
        db
          .select({ one: sql`1` })
          .from(companies)
          .where(and(eq(companies.userId, users.id), ilike(companies.companyName, pattern))),
      ),
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order = filter.status === 'suspended' ? desc(users.suspendedAt) : desc(users.createdAt);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        user: users,
        companyNames: sql<
          string[]
        >`coalesce((select array_agg(${companies.companyName} order by ${companies.createdAt}) from ${companies} where ${companies.userId} = ${users.id}), '{}')`,
      })
      .from(users)
      .where(where)
      .orderBy(order, desc(users.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.user, companyNames: r.companyNames ?? [] })),
    total: totalRow?.n ?? 0,
  };
}

export async function setSuspension(
  db: Db,
  id: string,
  suspension: { at: Date; reason: string } | null,
): Promise<void> {
  await db
    .update(users)
    .set({ suspendedAt: suspension?.at ?? null, suspendedReason: suspension?.reason ?? null })
    .where(eq(users.id, id));
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
