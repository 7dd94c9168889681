import { and, count, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, signInAttempts, users } from './accounts.table.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Records when the address was confirmed; the first confirmation is kept. */
export async function markEmailVerifiedAt(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: at })
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function updateUserName(db: Db, id: string, name: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ name, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Records a sign-in; true when the account had never signed in before. */
export async function touchLastSignIn(db: Db, id: string): Promise<boolean> {
  const [before] = await db.select({ lastSignInAt: users.lastSignInAt }).from(users).where(eq(users.id, id));
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, id));
  return !before?.lastSignInAt;
}

export async function recordSignInAttempt(
  db: Db,
  row: { email: string; ipAddress: string; succeeded: boolean },
) {
  await db.insert(signInAttempts).values({ ...row, email: row.email.toLowerCase() });
}

export async function countFailedSignIns(
  db: Db,
  by: { email?: string; ipAddress?: string; since: Date },
): Promise<number> {
  const conditions = [eq(signInAttempts.succeeded, false), gte(signInAttempts.createdAt, by.since)];
  if (by.email) conditions.push(eq(signInAttempts.email, by.email.toLowerCase()));
  if (by.ipAddress) conditions.push(eq(signInAttempts.ipAddress, by.ipAddress));
  const [row] = await db
    .select({ n: count() })
    .from(signInAttempts)
    .where(and(...conditions));
  return row?.n ?? 0;
}

/** Whether the account signed in successfully from this address since then. */
export async function hasSignedInFrom(
  db: Db,
  by: { email: string; ipAddress: string; since: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.succeeded, true),
        eq(signInAttempts.email, by.email.toLowerCase()),
        eq(signInAttempts.ipAddress, by.ipAddress),
        gte(signInAttempts.createdAt, by.since),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** Sign-ups whose address is not confirmed yet, newest first. */
export async function listUnconfirmedUsers(
  db: Db,
  limit: number,
): Promise<{ id: string; email: string; createdAt: Date }[]> {
  return db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.emailVerified, false))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

export async function countUnconfirmedUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.emailVerified, false));
  return row?.n ?? 0;
}

/**
 * A session by its token with the few fields of its user a request needs: a prepared statement, as it
 * runs on every signed-in request.
 */
export function prepareFindSessionByToken(db: Db) {
  const query = db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      name: users.name,
      suspendedAt: users.suspendedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('accounts_session_by_token');
  return async (token: string) => (await query.execute({ token }))[0];
}

/** Which of these sessions still exist and have not expired (realtime re-checks its sockets with it). */
export async function findLiveSessionIds(db: Db, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, now)));
  return new Set(rows.map((r) => r.id));
}

/** Suspends (or reinstates, with null) an account; the back office ends its sessions beside it. */
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
