import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { apiKeys, apiTokens } from './public-api.table.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Serialises key creation per user, so two concurrent requests cannot both take the last free slot. */
export async function lockUserKeys(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api_keys:${userId}`}, 0))`);
}

export async function countActiveKeys(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertKey(db: Db, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [inserted] = await db.insert(apiKeys).values(row).returning();
  return inserted;
}

/** A user's keys, newest first, revoked ones included. */
export async function listKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function findUserKey(db: Db, userId: string, keyId: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)));
  return row;
}

/**
 * Every user's keys for the back office: active ones first, each by its latest activity (last use,
 * else creation), with their owners, one page at a time; and how many keys are active on the platform.
 */
export async function listAllKeys(db: Db, page: number, pageSize: number) {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        key: apiKeys,
        owner: {
          id: userDirectory.id,
          name: userDirectory.name,
          email: userDirectory.email,
          company: userDirectory.company,
        },
      })
      .from(apiKeys)
      .innerJoin(userDirectory, eq(userDirectory.id, apiKeys.userId))
      .orderBy(
        sql`${apiKeys.revokedAt} is not null`,
        sql`coalesce(${apiKeys.lastUsedAt}, ${apiKeys.createdAt}) desc`,
        desc(apiKeys.id),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count(), active: sql<number>`count(*) filter (where ${apiKeys.revokedAt} is null)` })
      .from(apiKeys),
  ]);
  return { rows, total: totals?.total ?? 0, active: Number(totals?.active ?? 0) };
}

export async function findKeyById(db: Db, keyId: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
  return row;
}

/** Marks the key revoked unless it already is; its tokens stop working with it (see findTokenPrincipal). */
export async function revokeKey(db: Db, keyId: string, now: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
}

/** An unrevoked key of a user who is not suspended, by the hash of its secret. */
export async function findUsableKeyByHash(db: Db, secretHash: string) {
  const [row] = await db
    .select({ id: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(userDirectory, eq(userDirectory.id, apiKeys.userId))
    .where(
      and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt), isNull(userDirectory.suspendedAt)),
    );
  return row;
}

export async function insertToken(db: Db, row: typeof apiTokens.$inferInsert): Promise<void> {
  await db.insert(apiTokens).values(row);
}

/**
 * Who a bearer token speaks for, in one query: the token unexpired, its key unrevoked and its user not
 * suspended. Nothing is cached, so revoking a key or suspending a user takes effect on the next request.
 */
export async function findTokenPrincipal(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      user: {
        id: userDirectory.id,
        name: userDirectory.name,
        email: userDirectory.email,
        company: userDirectory.company,
      },
      key: { id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, lastUsedAt: apiKeys.lastUsedAt },
      expiresAt: apiTokens.expiresAt,
    })
    .from(apiTokens)
    .innerJoin(apiKeys, eq(apiKeys.id, apiTokens.apiKeyId))
    .innerJoin(userDirectory, eq(userDirectory.id, apiKeys.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        gt(apiTokens.expiresAt, now),
        isNull(apiKeys.revokedAt),
        isNull(userDirectory.suspendedAt),
      ),
    );
  return row;
}

/** Records a use, at most once per `staleBefore` window: concurrent requests update the row once. */
export async function touchKey(db: Db, keyId: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}

export async function deleteExpiredTokens(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(apiTokens)
    .where(lt(apiTokens.expiresAt, now))
    .returning({ id: apiTokens.id });
  return deleted.length;
}
