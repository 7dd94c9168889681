import {
  and,
  count,
  desc,
  eq,
  exists,
  getViewSelectedFields,
  ilike,
  isNotNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { companyDirectory } from '../companies/index.ts';

export type AdminUserRow = typeof userDirectory.$inferSelect & { companyNames: string[] };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of userDirectory, newest first, matched on email, name, sign-up company or company profile name. */
export async function listUsers(
  db: Db,
  filter: { q: string; status: 'all' | 'suspended'; limit: number; offset: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status === 'suspended') conditions.push(isNotNull(userDirectory.suspendedAt));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const match = or(
      ilike(userDirectory.email, pattern),
      ilike(userDirectory.name, pattern),
      ilike(userDirectory.company, pattern),
      exists(
        db
          .select({ one: sql`1` })
          .from(companyDirectory)
          .where(
            and(eq(companyDirectory.userId, userDirectory.id), ilike(companyDirectory.companyName, pattern)),
          ),
      ),
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order =
    filter.status === 'suspended' ? desc(userDirectory.suspendedAt) : desc(userDirectory.createdAt);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        user: getViewSelectedFields(userDirectory),
        companyNames: sql<
          string[]
        >`coalesce((select array_agg(${companyDirectory.companyName} order by ${companyDirectory.createdAt}) from ${companyDirectory} where ${companyDirectory.userId} = ${userDirectory.id}), '{}')`,
      })
      .from(userDirectory)
      .where(where)
      .orderBy(order, desc(userDirectory.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(userDirectory).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.user, companyNames: r.companyNames ?? [] })),
    total: totalRow?.n ?? 0,
  };
}
