import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, signInAttempts, users } from './accounts.table.ts';

export async function listFailedSignIns(db: Db, limit: number) {
  return db
    .select({
      id: signInAttempts.id,
      createdAt: signInAttempts.createdAt,
      email: signInAttempts.email,
      ipAddress: signInAttempts.ipAddress,
    })
    .from(signInAttempts)
    .where(eq(signInAttempts.succeeded, false))
    .orderBy(desc(signInAttempts.createdAt))
    .limit(limit);
}

export async function listActiveSessions(db: Db, now: Date, limit: number) {
  return db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      email: users.email,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(gt(sessions.expiresAt, now))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
}

export async function deleteSession(db: Db, id: string) {
  const [row] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id)))
    .returning({ id: sessions.id, userId: sessions.userId });
  return row;
}
