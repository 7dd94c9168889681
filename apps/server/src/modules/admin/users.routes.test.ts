import { ACCOUNT_SUSPENDED_MESSAGE, ADMIN_USERS_MESSAGES as M } from '@app/shared/admin/admin-users.schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { connectSocketAs, listenForSockets } from '../../../test/factories/realtime.ts';
import { users as usersTable } from '../../db/schema.ts';
import { SESSION_ENDED_CLOSE_CODE } from '../realtime/index.ts';

async function setup() {
  const { app, database } = await buildTestApp();
  const admin = await signedInClient(app, { fullName: 'Ada Admin' });
  await app.services.admin.makeAdminByEmail(admin.credentials.email);
  const trader = await signedInClient(app, { fullName: 'Tom Trader', company: 'Tidewater Plastics' });
  return { app, database, admin, trader };
}

const del = (client: TestClient, url: string) => client.request({ method: 'DELETE', url });

async function adminIdOf(client: TestClient, email: string): Promise<string> {
  const list = await client.get('/api/admin/admins');
  const row = list.json().items.find((a: { email: string }) => a.email === email);
  if (!row) throw new Error(`${email} is not an admin`);
  return row.id;
}

async function signIn(app: FastifyInstance, credentials: { email: string; password: string }) {
  const client = createClient(app);
  const res = await client.post('/api/accounts/sign-in', {
    email: credentials.email,
    password: credentials.password,
  });
  return { client, res };
}

describe('admin users routes', () => {
  it('answer 401 to a visitor and 403 to a trader on every route, and serve an admin', async () => {
    const { app, database, admin, trader } = await setup();
    const visitor = createClient(app);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/admins'],
      ['POST', '/api/admin/admins', { email: trader.credentials.email }],
      ['DELETE', '/api/admin/admins/some-id'],
      ['GET', '/api/admin/users'],
      ['POST', `/api/admin/users/${trader.user.id}/suspend`, { reason: 'Spam' }],
      ['POST', `/api/admin/users/${trader.user.id}/reinstate`, {}],
    ];
    for (const [method, url, payload] of calls) {
      const asVisitor = await visitor.request({ method: method as 'GET', url, payload: payload as object });
      expect(asVisitor.statusCode, `${method} ${url}`).toBe(401);
      const asTrader = await trader.client.request({
        method: method as 'GET',
        url,
        payload: payload as object,
      });
      expect(asTrader.statusCode, `${method} ${url}`).toBe(403);
    }

    const admins = await admin.client.get('/api/admin/admins');
    expect(admins.statusCode).toBe(200);
    expect(admins.json().items).toEqual([
      expect.objectContaining({
        email: admin.credentials.email,
        role: 'admin',
        createdAt: expect.any(String),
      }),
    ]);

    const users = await admin.client.get('/api/admin/users');
    expect(users.statusCode).toBe(200);
    expect(users.json()).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    const row = users.json().items.find((u: { id: string }) => u.id === trader.user.id);
    expect(row).toMatchObject({
      email: trader.credentials.email,
      fullName: 'Tom Trader',
      company: 'Tidewater Plastics',
      emailConfirmedAt: expect.any(String),
      lastSignInAt: expect.any(String),
      isAdmin: false,
      suspendedAt: null,
    });
    // The confirmation time is recorded when the email is confirmed, not inferred from later edits.
    const [stored] = await database.db.select().from(usersTable).where(eq(usersTable.id, trader.user.id));
    expect(stored.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row.emailConfirmedAt).toBe(stored.emailVerifiedAt?.toISOString());
    expect((await trader.client.patch('/api/me/profile', { fullName: 'Tom Renamed' })).statusCode).toBe(200);
    const again = (await admin.client.get('/api/admin/users')).json().items;
    expect(again.find((u: { id: string }) => u.id === trader.user.id).emailConfirmedAt).toBe(
      row.emailConfirmedAt,
    );
  });

  it('searches users by email, name and company, and pages by 25', async () => {
    const { admin } = await setup();
    const search = async (q: string) =>
      (await admin.client.get(`/api/admin/users?q=${encodeURIComponent(q)}`)).json();
    expect((await search('tidewater')).items.map((u: { fullName: string }) => u.fullName)).toEqual([
      'Tom Trader',
    ]);
    expect((await search('ADA ADM')).items.map((u: { fullName: string }) => u.fullName)).toEqual([
      'Ada Admin',
    ]);
    expect((await search('%')).total).toBe(0);
    expect((await search('nothing-matches-this')).items).toEqual([]);
    const page2 = await admin.client.get('/api/admin/users?page=2');
    expect(page2.json()).toMatchObject({ items: [], total: 2, page: 2 });
    expect((await admin.client.get('/api/admin/users?page=0')).statusCode).toBe(400);
    expect((await admin.client.get('/api/admin/users?status=banned')).statusCode).toBe(400);
  });

  it('adds an admin by email, refuses blanks, unknown emails and duplicates', async () => {
    const { admin, trader } = await setup();
    const blank = await admin.client.post('/api/admin/admins', { email: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(M.emailRequired);

    const unknown = await admin.client.post('/api/admin/admins', { email: 'ghost@nowhere.test' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(M.noUserWithEmail);

    const added = await admin.client.post('/api/admin/admins', {
      email: trader.credentials.email.toUpperCase(),
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ email: trader.credentials.email, userId: trader.user.id });
    expect((await trader.client.get('/api/admin/check')).statusCode).toBe(200);

    const again = await admin.client.post('/api/admin/admins', { email: trader.credentials.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.alreadyAdmin);
  });

  it('removes another admin or oneself, but never the last admin', async () => {
    const { admin, trader } = await setup();
    await admin.client.post('/api/admin/admins', { email: trader.credentials.email });
    const traderAdminId = await adminIdOf(admin.client, trader.credentials.email);
    const adminId = await adminIdOf(admin.client, admin.credentials.email);

    expect((await del(admin.client, '/api/admin/admins/no-such-admin')).statusCode).toBe(404);
    expect((await del(admin.client, `/api/admin/admins/${traderAdminId}`)).statusCode).toBe(204);
    expect((await trader.client.get('/api/admin/check')).statusCode).toBe(403);

    const last = await del(admin.client, `/api/admin/admins/${adminId}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(M.lastAdmin);

    await admin.client.post('/api/admin/admins', { email: trader.credentials.email });
    expect((await del(admin.client, `/api/admin/admins/${adminId}`)).statusCode).toBe(204);
    expect((await admin.client.get('/api/admin/check')).statusCode).toBe(403);
  });

  it('suspends a user: sign-in refused and existing sessions end; reinstating restores sign-in', async () => {
    const { app, admin, trader } = await setup();
    const secondSession = await signIn(app, trader.credentials);
    expect(secondSession.res.statusCode).toBe(200);

    const noReason = await admin.client.post(`/api/admin/users/${trader.user.id}/suspend`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(M.reasonRequired);

    const suspended = await admin.client.post(`/api/admin/users/${trader.user.id}/suspend`, {
      reason: 'Fraudulent listings',
    });
    expect(suspended.statusCode).toBe(204);

    for (const client of [trader.client, secondSession.client]) {
      expect((await client.get('/api/me')).json().user).toBeNull();
      expect((await client.patch('/api/me/profile', { fullName: 'Still here' })).statusCode).toBe(401);
    }

    const refused = await signIn(app, trader.credentials);
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.json().error.message).toBe(ACCOUNT_SUSPENDED_MESSAGE);
    expect(refused.client.cookies.size).toBe(0);

    const list = await admin.client.get('/api/admin/users?status=suspended');
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: trader.user.id,
        suspendedReason: 'Fraudulent listings',
        suspendedAt: expect.any(String),
      }),
    ]);
    const twice = await admin.client.post(`/api/admin/users/${trader.user.id}/suspend`, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);

    expect((await admin.client.post(`/api/admin/users/${trader.user.id}/reinstate`, {})).statusCode).toBe(
      204,
    );
    expect((await admin.client.get('/api/admin/users?status=suspended')).json().items).toEqual([]);
    const back = await signIn(app, trader.credentials);
    expect(back.res.statusCode).toBe(200);
    expect((await back.client.get('/api/me')).json().user.id).toBe(trader.user.id);
    expect((await admin.client.post(`/api/admin/users/${trader.user.id}/reinstate`, {})).statusCode).toBe(
      409,
    );
  });

  it("closes a suspended user's open realtime sockets after telling them the session ended", async () => {
    const { app, admin, trader } = await setup();
    const url = await listenForSockets(app);
    const opened: WebSocket[] = [];
    try {
      const traderSocket = await connectSocketAs(url, trader.client, opened);
      const adminSocket = await connectSocketAs(url, admin.client, opened);
      const closed = new Promise<number>((resolve) => opened[0].once('close', (code) => resolve(code)));
      const res = await admin.client.post(`/api/admin/users/${trader.user.id}/suspend`, { reason: 'Spam' });
      expect(res.statusCode).toBe(204);
      expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
      expect(traderSocket.events()).toEqual([{ type: 'session.ended', reason: 'suspended' }]);
      // Nobody else's socket hears of it or closes.
      expect(adminSocket.events()).toEqual([]);
      expect(opened[1].readyState).toBe(WebSocket.OPEN);
    } finally {
      for (const socket of opened) socket.terminate();
    }
  });

  it('refuses a suspended account its existing session even while the session row remains', async () => {
    const { database, trader } = await setup();
    expect((await trader.client.get('/api/me')).json().user.id).toBe(trader.user.id);
    await database.db
      .update(usersTable)
      .set({ suspendedAt: new Date() })
      .where(eq(usersTable.id, trader.user.id));
    expect((await trader.client.get('/api/me')).json().user).toBeNull();
  });

  it('refuses to suspend oneself, an admin or an unknown user', async () => {
    const { admin, trader } = await setup();
    const self = await admin.client.post(`/api/admin/users/${admin.user.id}/suspend`, { reason: 'x' });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(M.cannotSuspendSelf);

    await admin.client.post('/api/admin/admins', { email: trader.credentials.email });
    const other = await admin.client.post(`/api/admin/users/${trader.user.id}/suspend`, { reason: 'x' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(M.cannotSuspendAdmin);

    const ghost = await admin.client.post('/api/admin/users/no-such-user/suspend', { reason: 'x' });
    expect(ghost.statusCode).toBe(404);
  });
});
