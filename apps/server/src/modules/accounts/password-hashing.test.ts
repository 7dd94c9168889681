import { verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { createClient, testEnv } from '../../../test/build-test-app.ts';
import { signUpBody } from '../../../test/factories/accounts.ts';
import { getWorkerDatabase, resetDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { accounts } from './accounts.table.ts';

describe('password hashing', () => {
  // The other tests hand the app a cheaper hasher; the app on its own must keep Better Auth's scrypt.
  it('stores a sign-up password as Better Auth scrypt, salted, and signs in with it', async () => {
    const database = await getWorkerDatabase();
    await resetDatabase(database);
    const app = await buildApp({ env: testEnv(), database, sandboxWebhooks: 'inject' });
    try {
      await app.ready();
      const body = signUpBody();
      const client = createClient(app);
      expect((await client.post('/api/accounts/sign-up', body)).statusCode).toBe(201);
      const [row] = await database.db.select({ password: accounts.password }).from(accounts);
      const stored = row?.password ?? '';
      expect(stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(stored).not.toContain(body.password);
      expect(await verifyPassword({ hash: stored, password: body.password })).toBe(true);
      expect(await verifyPassword({ hash: stored, password: `${body.password}x` })).toBe(false);
    } finally {
      await app.close();
    }
  }, 90_000);
});
