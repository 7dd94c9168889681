import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { companyDirectory } from '../companies/index.ts';

/** The traders of a block list: each one's name and first live company (the blocks module has the ids). */
export async function findTradersByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const people = await db
    .select({ id: userDirectory.id, name: userDirectory.name })
    .from(userDirectory)
    .where(inArray(userDirectory.id, ids));
  const companies = await db
    .select({ userId: companyDirectory.userId, companyName: companyDirectory.companyName })
    .from(companyDirectory)
    .where(and(inArray(companyDirectory.userId, ids), isNull(companyDirectory.removedAt)))
    .orderBy(asc(companyDirectory.createdAt));
  return people.map((p) => ({
    ...p,
    companyName: companies.find((c) => c.userId === p.id)?.companyName ?? null,
  }));
}

/** Whether the user owns a verified company still in the directory (a "verified trader"). */
function isVerifiedTraderSql(userId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${companyDirectory} where ${companyDirectory.userId} = ${userId}
    and ${companyDirectory.verified} and ${companyDirectory.removedAt} is null)`;
}

/** How many of the users are verified traders. */
export async function countVerifiedTraders(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userDirectory)
    .where(and(inArray(userDirectory.id, ids), isVerifiedTraderSql(sql`${userDirectory.id}`)));
  return row?.n ?? 0;
}

/** The live companies a user owns (what a repeated-blocks report names). */
export async function findLiveCompaniesOf(db: Db, userId: string) {
  return db
    .select({ id: companyDirectory.id, companyName: companyDirectory.companyName })
    .from(companyDirectory)
    .where(and(eq(companyDirectory.userId, userId), sql`${companyDirectory.removedAt} is null`));
}
