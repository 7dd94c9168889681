import { and, desc, eq, gte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userBlocks } from './blocks.table.ts';

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

/** The users a user blocked, newest first. */
export async function listBlockedBy(db: Db, blockerId: string) {
  return db
    .select({ userId: userBlocks.blockedId, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt));
}

/** The users who blocked `blockedId` since `since`. */
export async function listBlockersSince(db: Db, blockedId: string, since: Date): Promise<string[]> {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockedId, blockedId), gte(userBlocks.createdAt, since)));
  return rows.map((r) => r.blockerId);
}
