import { and, desc, eq, gte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { companyDirectory } from '../companies/index.ts';
import { userBlocks } from './trust.table.ts';

/**
 * Whether either of two users blocked the other, as SQL over their ids (the matching queries: a pair
 * of listings whose owners are blocked either way is no match). Published on the module's face.
 */
export function blockedBetweenSql(a: SQL, b: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b}) or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a}))`;
}

/** The users this one blocked and the users who blocked this one, in one query. */
export async function findRelationsOf(
  db: Db,
  userId: string,
): Promise<{ blockerId: string; blockedId: string }[]> {
  return db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
}

/** Inserts the block; false when it already existed. */
export async function insertBlock(db: Db, row: typeof userBlocks.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(userBlocks)
    .values(row)
    .onConflictDoNothing()
    .returning({ blockerId: userBlocks.blockerId });
  return inserted.length > 0;
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const deleted = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .returning({ blockerId: userBlocks.blockerId });
  return deleted.length > 0;
}

/** The traders a user blocked, newest first, with their name and (first live) company. */
export async function listBlocksOf(db: Db, blockerId: string) {
  return db
    .select({
      userId: userBlocks.blockedId,
      name: userDirectory.name,
      companyName: sql<string | null>`(select ${companyDirectory.companyName} from ${companyDirectory}
        where ${companyDirectory.userId} = ${userBlocks.blockedId} and ${companyDirectory.removedAt} is null
        order by ${companyDirectory.createdAt} limit 1)`,
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(userDirectory, eq(userDirectory.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt));
}

/** Whether the user owns a verified company still in the directory (a "verified trader"). */
export function isVerifiedTraderSql(userId: SQL | typeof userBlocks.blockerId): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${companyDirectory} where ${companyDirectory.userId} = ${userId}
    and ${companyDirectory.verified} and ${companyDirectory.removedAt} is null)`;
}

/** How many distinct verified traders blocked the user since `since`. */
export async function countVerifiedBlockersSince(db: Db, blockedId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${userBlocks.blockerId})::int` })
    .from(userBlocks)
    .where(
      and(
        eq(userBlocks.blockedId, blockedId),
        gte(userBlocks.createdAt, since),
        isVerifiedTraderSql(userBlocks.blockerId),
      ),
    );
  return row?.n ?? 0;
}

/** The live companies a user owns (what a repeated-blocks report names). */
export async function findLiveCompaniesOf(db: Db, userId: string) {
  return db
    .select({ id: companyDirectory.id, companyName: companyDirectory.companyName })
    .from(companyDirectory)
    .where(and(eq(companyDirectory.userId, userId), sql`${companyDirectory.removedAt} is null`));
}
