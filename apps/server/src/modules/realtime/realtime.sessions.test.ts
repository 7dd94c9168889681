import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, createClient, TEST_APP_URL, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient, tokenFromEmail, waitForEmail } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { rawQuery } from '../../db/client.ts';
import { SESSION_ENDED_CLOSE_CODE, SESSION_RENEWED_CLOSE_CODE } from './realtime.service.ts';

// A realtime socket is bound to the session it was opened with, and to the app's own origin.

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.terminate();
});

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return `ws://127.0.0.1:${port}/api/realtime`;
}

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Opens a socket and records its frames and close code. */
async function connect(url: string, client?: TestClient) {
  const frames: Array<Record<string, unknown>> = [];
  const socket = new WebSocket(url, {
    headers: { origin: TEST_APP_URL, ...(client ? { cookie: cookieOf(client) } : {}) },
  });
  sockets.push(socket);
  let closeCode: number | undefined;
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  socket.on('close', (code) => {
    closeCode = code;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  await expect.poll(() => frames.length).toBeGreaterThan(0);
  return { socket, frames, closeCode: () => closeCode };
}

/** The HTTP status an upgrade got when the server refused it. */
function refusedUpgrade(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    sockets.push(socket);
    socket.on('error', () => undefined);
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.once('open', () => reject(new Error('the upgrade was accepted')));
  });
}

/** A second signed-in session of the same user, in its own cookie jar. */
async function secondSession(app: FastifyInstance, credentials: { email: string; password: string }) {
  const client = createClient(app);
  const res = await client.post('/api/accounts/sign-in', {
    email: credentials.email,
    password: credentials.password,
  });
  expect(res.statusCode).toBe(200);
  return client;
}

/** Publishes a private notification; answers what each socket got after it. */
const notify = (app: FastifyInstance, userId: string) =>
  app.services.realtime.publishToUser(userId, { type: 'notification', title: 'Private', body: 'Offer text' });

describe('realtime sockets and their sessions', () => {
  it('refuses an upgrade from another origin or without one, with or without a cookie', async () => {
    const { app } = await buildTestApp();
    const url = await listen(app);
    const alice = await signedInClient(app);
    const cookie = cookieOf(alice.client);
    expect(await refusedUpgrade(url, { origin: 'http://evil.test', cookie })).toBe(403);
    expect(await refusedUpgrade(url, { origin: 'http://localhost:3001', cookie })).toBe(403);
    expect(await refusedUpgrade(url, { cookie })).toBe(403);
    expect(await refusedUpgrade(url, { origin: 'http://evil.test' })).toBe(403);
    const own = await connect(url, alice.client);
    expect(own.frames[0]).toEqual({ type: 'hello', userId: alice.user.id });
  });

  it('signing out closes that session’s socket at once; the other session’s socket stays', async () => {
    const { app } = await buildTestApp();
    const url = await listen(app);
    const alice = await signedInClient(app);
    const laptop = alice.client;
    const phone = await secondSession(app, alice.credentials);
    const laptopSocket = await connect(url, laptop);
    const phoneSocket = await connect(url, phone);

    expect((await laptop.post('/api/accounts/sign-out', {})).statusCode).toBe(204);
    await expect.poll(() => laptopSocket.closeCode()).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(laptopSocket.frames.at(-1)).toEqual({ type: 'session.ended', reason: 'signed_out' });
    const seen = laptopSocket.frames.length;
    await notify(app, alice.user.id);
    await expect.poll(() => phoneSocket.frames.at(-1)).toMatchObject({ type: 'notification' });
    expect(laptopSocket.frames).toHaveLength(seen);
    expect(phoneSocket.closeCode()).toBeUndefined();
  });

  it('an administrator ending a session closes its socket, told why', async () => {
    const { app, database } = await buildTestApp();
    const url = await listen(app);
    const alice = await signedInClient(app);
    const admin = await adminClient(app);
    const aliceSocket = await connect(url, alice.client);
    const [session] = await rawQuery<{ id: string }>(database, 'select id from sessions where user_id = $1', [
      alice.user.id,
    ]);
    const stranger = await signedInClient(app);
    expect(
      (await stranger.client.post(`/api/admin/security/sessions/${session.id}/end`, {})).statusCode,
    ).toBe(403);
    expect(aliceSocket.closeCode()).toBeUndefined();
    expect((await admin.client.post(`/api/admin/security/sessions/${session.id}/end`, {})).statusCode).toBe(
      204,
    );
    await expect.poll(() => aliceSocket.closeCode()).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(aliceSocket.frames.at(-1)).toEqual({ type: 'session.ended', reason: 'ended_by_admin' });
  });

  it('a password change signs out the other windows and has this one reconnect with its new session', async () => {
    const { app } = await buildTestApp();
    const url = await listen(app);
    const alice = await signedInClient(app);
    const other = await secondSession(app, alice.credentials);
    const here = await connect(url, alice.client);
    const there = await connect(url, other);
    const changed = await alice.client.post('/api/me/password', {
      currentPassword: alice.credentials.password,
      newPassword: 'a-new-longer-password-42',
      confirmPassword: 'a-new-longer-password-42',
    });
    expect(changed.statusCode).toBeLessThan(300);
    await expect.poll(() => there.closeCode()).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(there.frames.at(-1)).toEqual({ type: 'session.ended', reason: 'password_changed' });
    await expect.poll(() => here.closeCode()).toBe(SESSION_RENEWED_CLOSE_CODE);
    expect(here.frames.some((f) => f.type === 'session.ended')).toBe(false);
    // The renewed window's cookie opens a socket that still gets the user's events.
    const reconnected = await connect(url, alice.client);
    expect(reconnected.frames[0]).toEqual({ type: 'hello', userId: alice.user.id });
    await notify(app, alice.user.id);
    await expect.poll(() => reconnected.frames.at(-1)).toMatchObject({ type: 'notification' });
  });

  it('a password reset closes every socket of the user', async () => {
    const { app } = await buildTestApp();
    const url = await listen(app);
    const alice = await signedInClient(app);
    const aliceSocket = await connect(url, alice.client);
    await createClient(app).post('/api/accounts/password-reset/request', { email: alice.user.email });
    const email = await waitForEmail(app, alice.user.email, 'password-reset');
    const reset = await createClient(app).post('/api/accounts/password-reset', {
      token: tokenFromEmail(email.textBody),
      newPassword: 'reset-to-something-long-7',
    });
    expect(reset.statusCode).toBeLessThan(300);
    await expect.poll(() => aliceSocket.closeCode()).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(aliceSocket.frames.at(-1)).toEqual({ type: 'session.ended', reason: 'password_reset' });
  });

  it('the periodic check closes a socket whose session expired or vanished without notice', async () => {
    const { app, database } = await buildTestApp();
    const url = await listen(app);
    const alice = await signedInClient(app);
    const bob = await signedInClient(app);
    const aliceSocket = await connect(url, alice.client);
    const bobSocket = await connect(url, bob.client);
    const visitor = await connect(url);
    await rawQuery(
      database,
      `update sessions set expires_at = now() - interval '1 minute' where user_id = $1`,
      [alice.user.id],
    );
    await app.services.realtime.checkSessions();
    await expect.poll(() => aliceSocket.closeCode()).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(aliceSocket.frames.at(-1)).toEqual({ type: 'session.ended', reason: 'expired' });
    expect(bobSocket.closeCode()).toBeUndefined();
    expect(visitor.closeCode()).toBeUndefined();
  });
});
