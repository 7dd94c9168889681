import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { sessions, signInAttempts, verifications } from './accounts.table.ts';

export const ACCOUNTS_CLEANUP_JOB = 'accounts.cleanup';
/** Sign-in attempts are kept this long for the security screen, then purged. */
const SIGN_IN_ATTEMPT_RETENTION_DAYS = 30;

/** Purges expired sessions and tokens and old sign-in attempts; scheduled nightly. */
export async function purgeExpiredAuthRecords(db: Db, clock: Clock) {
  const now = clock.now();
  const attemptCutoff = new Date(now.getTime() - SIGN_IN_ATTEMPT_RETENTION_DAYS * 86_400_000);
  const [expiredSessions, expiredTokens, oldAttempts] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    db.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id }),
    db
      .delete(signInAttempts)
      .where(lt(signInAttempts.createdAt, attemptCutoff))
      .returning({ id: signInAttempts.id }),
  ]);
  return { sessions: expiredSessions.length, tokens: expiredTokens.length, attempts: oldAttempts.length };
}

export async function scheduleAccountsCleanup(jobs: JobQueue, db: Db, clock: Clock) {
  await jobs.work(ACCOUNTS_CLEANUP_JOB, async () => {
    await purgeExpiredAuthRecords(db, clock);
  });
  await jobs.schedule(ACCOUNTS_CLEANUP_JOB, '17 3 * * *');
}
