import { SecurityOverviewSchema } from '@app/shared/admin/admin-security.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

describe('admin security routes', () => {
  it('answer 401 to a visitor, 403 to a trader and serve an admin', async () => {
    const { app } = await buildTestApp({ env: { authRateLimitPerMinute: 77, apiRateLimitPerMinute: 240 } });
    const [admin, trader] = await Promise.all([adminClient(app), signedInClient(app)]);
    const visitor = createClient(app);
    for (const [method, url] of [
      ['GET', '/api/admin/security/overview'],
      ['POST', '/api/admin/security/sessions/some-id/end'],
    ] as const) {
      expect((await visitor.request({ method, url, payload: {} })).statusCode, url).toBe(401);
      expect((await trader.client.request({ method, url, payload: {} })).statusCode, url).toBe(403);
    }
    const res = await admin.client.get('/api/admin/security/overview');
    expect(res.statusCode).toBe(200);
    const overview = SecurityOverviewSchema.parse(res.json());
    expect(overview.rateLimits.find((r) => r.name === 'Authentication requests')?.limit).toBe(
      '77 per minute',
    );
    expect(overview.rateLimits.find((r) => r.name === 'Public API requests')?.limit).toBe('240 per minute');
    expect(overview.auditLog).toMatchObject({ page: 1, pageSize: 50 });
    expect((await admin.client.get('/api/admin/security/overview?auditPage=0')).statusCode).toBe(400);
  });

  it('lists failed sign-ins and live sessions, and ending a session makes its cookie stop working', async () => {
    const { app } = await buildTestApp();
    const [admin, trader] = await Promise.all([adminClient(app), signedInClient(app)]);
    const failed = await createClient(app).post('/api/accounts/sign-in', {
      email: trader.credentials.email,
      password: 'wrong-password-1',
    });
    expect(failed.statusCode).toBe(401);

    const overview = SecurityOverviewSchema.parse(
      (await admin.client.get('/api/admin/security/overview')).json(),
    );
    expect(overview.failedSignIns[0]).toMatchObject({ email: trader.credentials.email.toLowerCase() });
    expect(overview.failedSignIns[0].ipAddress).toBeTruthy();
    const session = overview.sessions.find((s) => s.userId === trader.user.id);
    expect(session).toMatchObject({ email: trader.user.email });
    if (!session) throw new Error('no session');

    expect((await trader.client.get('/api/me')).json().user).not.toBeNull();
    const end = await admin.client.post(`/api/admin/security/sessions/${session.id}/end`, {});
    expect(end.statusCode).toBe(204);
    expect((await trader.client.get('/api/me')).json().user).toBeNull();
    expect((await admin.client.post(`/api/admin/security/sessions/${session.id}/end`, {})).statusCode).toBe(
      404,
    );

    const after = SecurityOverviewSchema.parse(
      (await admin.client.get('/api/admin/security/overview')).json(),
    );
    expect(after.sessions.some((s) => s.id === session.id)).toBe(false);
    expect(after.auditLog.items[0]).toMatchObject({
      action: 'session.end',
      targetType: 'session',
      targetId: session.id,
      actorEmail: admin.user.email,
    });
  });
});
