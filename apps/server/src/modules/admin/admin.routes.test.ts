import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';

describe('the admin check', () => {
  it('answers 401 to a visitor, 403 to a trader and 200 to an administrator', async () => {
    const { app } = await buildTestApp();
    expect((await createClient(app).get('/api/admin/check')).statusCode).toBe(401);

    const trader = await signedInClient(app);
    const refused = await trader.client.get('/api/admin/check');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("You don't have permission to access this page.");
    expect((await trader.client.get('/api/me')).json().isAdmin).toBe(false);

    const admin = await signedInClient(app);
    await app.services.admin.makeAdminByEmail(admin.credentials.email);
    expect((await admin.client.get('/api/admin/check')).json()).toEqual({ isAdmin: true });
    expect((await admin.client.get('/api/me')).json().isAdmin).toBe(true);
  });

  it('makes an administrator only of an existing account, once', async () => {
    const { app } = await buildTestApp();
    await expect(app.services.admin.makeAdminByEmail('ghost@nowhere.test')).rejects.toThrow(
      'No account with the email',
    );
    const user = await signedInClient(app);
    const first = await app.services.admin.makeAdminByEmail(user.credentials.email);
    const second = await app.services.admin.makeAdminByEmail(user.credentials.email);
    expect(second.id).toBe(first.id);
  });
});
