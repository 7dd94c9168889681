import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { sessions, signInAttempts } from './accounts.table.ts';
import { purgeExpiredAuthRecords } from './accounts-cleanup.job.ts';

describe('the nightly accounts cleanup', () => {
  it('purges expired sessions and month-old sign-in attempts, and keeps live ones', async () => {
    const { app, database } = await buildTestApp();
    const { client, user } = await signedInClient(app);
    const db = database.db;
    await db
      .insert(sessions)
      .values({ id: randomUUID(), token: randomUUID(), userId: user.id, expiresAt: new Date('2020-01-01') });
    await db.insert(signInAttempts).values([
      {
        email: user.email,
        ipAddress: '10.0.0.1',
        succeeded: false,
        createdAt: new Date(Date.now() - 40 * 86_400_000),
      },
      { email: user.email, ipAddress: '10.0.0.1', succeeded: false },
    ]);
    const purged = await purgeExpiredAuthRecords(db, { now: () => new Date() });
    expect(purged.sessions).toBe(1);
    expect(purged.attempts).toBe(1);
    expect((await client.get('/api/me')).json().user.id).toBe(user.id);
  });
});
