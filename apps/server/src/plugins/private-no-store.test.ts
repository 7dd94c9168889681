import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../test/build-test-app.ts';
import { signedInClient } from '../../test/factories/accounts.ts';
import { adminClient } from '../../test/factories/billing.ts';

describe('private API answers are never cached', () => {
  it('sends no-store to signed-in users, administrators and bearer tokens, and leaves public answers alone', async () => {
    const { app } = await buildTestApp();
    const trader = await signedInClient(app);
    const admin = await adminClient(app);
    for (const url of ['/api/me', '/api/deals', '/api/conversations', '/api/payments'])
      expect((await trader.client.get(url)).headers['cache-control'], url).toBe('no-store');
    expect((await admin.client.get('/api/admin/ledger')).headers['cache-control']).toBe('no-store');
    // An error answer to a signed-in user is private too.
    expect(
      (await trader.client.get('/api/deals/7d9f1c8e-0000-4000-8000-000000000000')).headers['cache-control'],
    ).toBe('no-store');
    const bearer = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/verify',
      headers: { authorization: 'Bearer rtt_not-a-real-token' },
    });
    expect(bearer.headers['cache-control']).toBe('no-store');
    const visitor = createClient(app);
    expect((await visitor.get('/api/listings')).headers['cache-control']).toBeUndefined();
    expect((await visitor.get('/api/settings/pricing')).headers['cache-control']).toBeUndefined();
  });
});
