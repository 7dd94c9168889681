import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, createClient, TEST_APP_URL, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { type RegisteredRoute, registeredRoutes } from '../../../test/routes.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { ADMIN_API_PREFIX } from '../../plugins/admin-guard.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

type Route = RegisteredRoute;

/** Admin-only routes that live outside /api/admin/ (the escrow test page is for administrators). */
const ADMIN_ROUTES_ELSEWHERE: Route[] = [{ method: 'POST', url: '/api/escrow-test/run' }];

function call(client: TestClient, route: Route) {
  const url = route.url.replace(/:[A-Za-z]+/g, 'no-such-id');
  const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  return client.request({ method: route.method as 'GET', url, payload });
}

describe('admin access matrix', () => {
  it('refuses every admin route to visitors (401) and traders (403), and lets administrators through', async () => {
    const { app } = await buildTestApp();
    const visitor = createClient(app);
    const trader = await signedInClient(app);
    const admin = await adminClient(app);

    const adminRoutes = [
      ...registeredRoutes(app).filter((r) => r.url.startsWith(ADMIN_API_PREFIX) && r.method !== 'HEAD'),
      ...ADMIN_ROUTES_ELSEWHERE,
    ];
    // The tree parsed into full paths: known routes from several domains are among them.
    expect(adminRoutes).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/admin/check' },
        { method: 'DELETE', url: '/api/admin/admins/:id' },
        { method: 'POST', url: '/api/admin/unconfirmed-users/resend-all' },
        { method: 'PUT', url: '/api/admin/blog/posts/:id' },
        { method: 'POST', url: '/api/admin/wire-transfers/:id/verify' },
        { method: 'PATCH', url: '/api/admin/settings' },
      ]),
    );
    expect(adminRoutes.length).toBeGreaterThan(35);

    for (const route of adminRoutes) {
      const label = `${route.method} ${route.url}`;
      const asVisitor = await call(visitor, route);
      expect(asVisitor.statusCode, `${label} as a visitor: ${asVisitor.body}`).toBe(401);
      expect(asVisitor.json().error.code).toBe('UNAUTHENTICATED');

      const asTrader = await call(trader.client, route);
      expect(asTrader.statusCode, `${label} as a trader: ${asTrader.body}`).toBe(403);
      expect(asTrader.json().error.code).toBe('FORBIDDEN');
      // The spec words the wire-verification refusal its own way; every other admin route uses the page's.
      expect(asTrader.json().error.message).toBe(
        route.url.startsWith('/api/admin/wire-transfers')
          ? 'Admin access required'
          : "You don't have permission to access this page.",
      );

      // An administrator passes the check: what follows is the route's own answer (a 2xx, or a 4xx for
      // the empty body and unknown id this matrix sends), never a refusal and never a server error.
      const asAdmin = await call(admin.client, route);
      expect([401, 403], `${label} as an admin: ${asAdmin.body}`).not.toContain(asAdmin.statusCode);
      expect(asAdmin.statusCode, `${label} as an admin: ${asAdmin.body}`).toBeLessThan(500);
    }
  });
});

describe('the realtime socket in the access matrix', () => {
  it('opens for a visitor, a trader and an administrator from the app, each as themselves, and for nobody from another origin', async () => {
    const { app } = await buildTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const url = `ws://127.0.0.1:${port}/api/realtime`;
    const trader = await signedInClient(app);
    const admin = await adminClient(app);
    const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const hello = (headers: Record<string, string>) =>
      new Promise<{ status: number; userId?: string | null }>((resolve) => {
        const socket = new WebSocket(url, { headers });
        socket.on('error', () => undefined);
        socket.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
        socket.once('message', (data) => {
          resolve({ status: 101, userId: JSON.parse(String(data)).userId });
          socket.terminate();
        });
      });
    const roles = [
      { name: 'visitor', cookie: undefined, userId: null },
      { name: 'trader', cookie: cookieOf(trader.client), userId: trader.user.id },
      { name: 'administrator', cookie: cookieOf(admin.client), userId: admin.user.id },
    ];
    for (const role of roles) {
      const cookie: Record<string, string> = role.cookie ? { cookie: role.cookie } : {};
      expect(await hello({ origin: TEST_APP_URL, ...cookie }), role.name).toEqual({
        status: 101,
        userId: role.userId,
      });
      expect(await hello({ origin: 'http://evil.test', ...cookie }), role.name).toEqual({ status: 403 });
    }
  });
});
