import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, createClient, TEST_APP_URL, testEnv } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { createScratchDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { type Database, migrateDatabase, openDatabase, rawQuery } from '../../db/client.ts';
import { LISTENER_APPLICATION_NAME } from '../../lib/pubsub.ts';
import { SESSION_ENDED_CLOSE_CODE } from './realtime.service.ts';

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.terminate();
});

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return `ws://127.0.0.1:${port}/api/realtime`;
}

/** Opens a socket with the client's cookie and collects the JSON frames it receives. */
async function connect(url: string, cookie?: string) {
  const frames: Array<Record<string, unknown>> = [];
  const socket = new WebSocket(url, { headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) } });
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
  return { socket, frames, closeCode: () => closeCode };
}

/** Publishes a notification to the user on `app` and waits for `conn` (on any instance) to receive it. */
async function expectNotificationDelivered(
  app: FastifyInstance,
  userId: string,
  conn: { frames: Array<Record<string, unknown>> },
  text: { title: string; body: string },
) {
  const event = { type: 'notification', ...text } as const;
  await app.services.realtime.publishToUser(userId, event);
  await expect.poll(() => conn.frames.at(-1), { timeout: 5000 }).toEqual(event);
}

const cookieOf = (client: { cookies: Map<string, string> }) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('the realtime WebSocket', () => {
  it("gives a visitor's socket public broadcasts and nothing addressed to a user", async () => {
    const { app } = await buildTestApp();
    const url = await listen(app);
    const alice = await signedInClient(app);
    const visitor = await connect(url);
    await expect.poll(() => visitor.frames[0]).toEqual({ type: 'hello', userId: null });
    await app.services.realtime.publishToUser(alice.user.id, {
      type: 'notification',
      title: 'Private',
      body: 'x',
    });
    await app.services.realtime.publishToAll({
      type: 'directory.changed',
      companyId: 'c1',
      change: 'created',
    });
    await expect
      .poll(() => visitor.frames.at(-1))
      .toEqual({
        type: 'directory.changed',
        companyId: 'c1',
        change: 'created',
      });
    expect(visitor.frames).toHaveLength(2);
    expect(visitor.closeCode()).toBeUndefined();
  });

  it('delivers an event published in a transaction when it commits, and never when it rolls back', async () => {
    const { app, database } = await buildTestApp();
    const url = await listen(app);
    const alice = await signedInClient(app);
    const socket = await connect(url, cookieOf(alice.client));
    await expect.poll(() => socket.frames[0]).toEqual({ type: 'hello', userId: alice.user.id });
    const { realtime } = app.services;
    const note = (title: string) => ({ type: 'notification', title, body: 'x' }) as const;

    await database.db.transaction(async (tx) => {
      await realtime.publishToUser(alice.user.id, note('Committed'), { tx });
      await new Promise((r) => setTimeout(r, 300));
      // Not before the commit: a change that then failed would have announced itself.
      expect(socket.frames).toHaveLength(1);
    });
    await expect.poll(() => socket.frames.at(-1)).toEqual(note('Committed'));

    await expect(
      database.db.transaction(async (tx) => {
        await realtime.publishToUsers([alice.user.id], note('Rolled back'), { tx });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    await realtime.publishToAll(note('After'));
    await expect.poll(() => socket.frames.at(-1)).toEqual(note('After'));
    expect(socket.frames.map((f) => f.title)).toEqual([undefined, 'Committed', 'After']);
  });

  it("delivers an event published to a user to that user's socket only", async () => {
    const { app } = await buildTestApp();
    const url = await listen(app);
    const alice = await signedInClient(app);
    const bob = await signedInClient(app);
    const aliceSocket = await connect(url, cookieOf(alice.client));
    const bobSocket = await connect(url, cookieOf(bob.client));
    await expect.poll(() => aliceSocket.frames[0]).toEqual({ type: 'hello', userId: alice.user.id });

    await app.services.realtime.publishToUser(alice.user.id, {
      type: 'notification',
      title: 'New offer',
      body: 'Copper',
    });
    await expect
      .poll(() => aliceSocket.frames.at(-1))
      .toEqual({ type: 'notification', title: 'New offer', body: 'Copper' });
    expect(bobSocket.frames).toEqual([{ type: 'hello', userId: bob.user.id }]);
  });

  it('answers pings, and malformed frames with an error frame instead of closing', async () => {
    const { app } = await buildTestApp();
    const url = await listen(app);
    const alice = await signedInClient(app);
    const conn = await connect(url, cookieOf(alice.client));
    conn.socket.send('{not json');
    conn.socket.send(JSON.stringify({ type: 'drop-tables' }));
    conn.socket.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => conn.frames.length).toBe(4);
    expect(conn.frames.slice(1)).toEqual([
      { type: 'error', code: 'VALIDATION_FAILED', message: 'Unknown or malformed event' },
      { type: 'error', code: 'VALIDATION_FAILED', message: 'Unknown or malformed event' },
      { type: 'pong' },
    ]);
    expect(conn.socket.readyState).toBe(WebSocket.OPEN);
  });
});

// Fan-out between instances needs a shared PostgreSQL server (CI sets TEST_DATABASE_URL).
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('realtime across two server instances', () => {
  const opened: Array<{ app: FastifyInstance; database: Database }> = [];
  afterEach(async () => {
    for (const { app, database } of opened.splice(0)) {
      await app.close();
      await database.close();
    }
  });

  it('delivers an event published on one instance to a socket held by the other, through LISTEN/NOTIFY', async () => {
    const url = await createScratchDatabase(
      String(process.env.TEST_DATABASE_URL),
      `test_realtime_${process.pid}`,
    );
    const start = async () => {
      const database = await openDatabase({ url });
      await migrateDatabase(database);
      const app = await buildApp({
        env: testEnv(),
        database,
        jobs: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 },
      });
      opened.push({ app, database });
      return app;
    };
    const instanceA = await start();
    const instanceB = await start();
    const wsUrlB = await listen(instanceB);

    const { client, user } = await signedInClient(instanceA);
    // The session made on A is valid on B: all state lives in the shared database.
    expect(
      (
        await createClient(instanceB).request({
          method: 'GET',
          url: '/api/me',
          headers: { cookie: cookieOf(client) },
        })
      ).json().user.id,
    ).toBe(user.id);

    const onB = await connect(wsUrlB, cookieOf(client));
    await expect.poll(() => onB.frames.length).toBe(1);
    await expectNotificationDelivered(instanceA, user.id, onB, { title: 'From A', body: 'hello B' });
    expect(instanceA.services.realtime.connectionCount()).toBe(0);
    expect(instanceB.services.realtime.connectionCount()).toBe(1);

    // Signing out on A closes the socket B holds within a second.
    const signedOutAt = Date.now();
    expect((await client.post('/api/accounts/sign-out', {})).statusCode).toBe(204);
    await expect.poll(() => onB.closeCode(), { timeout: 1000, interval: 20 }).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(Date.now() - signedOutAt).toBeLessThan(1000);
    expect(onB.frames.at(-1)).toEqual({ type: 'session.ended', reason: 'signed_out' });
  });
});

// The LISTEN is a PostgreSQL connection of its own, which the server may drop (restart, failover).
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('realtime after a lost LISTEN connection', () => {
  it('tells every open socket to read its data again once a killed LISTEN is back, and delivers after it', async () => {
    const { app, database } = await buildTestApp();
    const url = await listen(app);
    const { client, user } = await signedInClient(app);
    const signedIn = await connect(url, cookieOf(client));
    const visitor = await connect(url);
    await expect.poll(() => [signedIn.frames.length, visitor.frames.length]).toEqual([1, 1]);

    await rawQuery(
      database,
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = $1 and datname = current_database()`,
      [LISTENER_APPLICATION_NAME],
    );
    const resync = { type: 'realtime.resync' };
    await expect.poll(() => signedIn.frames.at(-1), { timeout: 5000 }).toEqual(resync);
    await expect.poll(() => visitor.frames.at(-1)).toEqual(resync);

    await expectNotificationDelivered(app, user.id, signedIn, { title: 'Back', body: 'again' });
    expect(signedIn.socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe('directory broadcasts', () => {
  it('tells every connected user when a company is created, changed or removed', async () => {
    const { app } = await buildTestApp();
    const url = await listen(app);
    const alice = await signedInClient(app);
    const bob = await signedInClient(app);
    const aliceSocket = await connect(url, cookieOf(alice.client));
    const bobSocket = await connect(url, cookieOf(bob.client));
    await expect.poll(() => bobSocket.frames.length).toBe(1);

    const res = await alice.client.post('/api/companies', {
      companyName: 'Boxline Paper',
      contactEmail: 'hello@boxline.test',
      companyType: 'buyer',
      materials: ['Paper'],
    });
    expect(res.statusCode).toBe(201);
    const created = { type: 'directory.changed', companyId: res.json().id, change: 'created' };
    await expect.poll(() => bobSocket.frames.at(-1)).toEqual(created);
    await expect.poll(() => aliceSocket.frames.at(-1)).toEqual(created);

    await alice.client.patch(`/api/companies/${res.json().id}`, { phone: '+1 555 0100' });
    await expect.poll(() => bobSocket.frames.at(-1)).toMatchObject({ change: 'updated' });
    await alice.client.request({ method: 'DELETE', url: `/api/companies/${res.json().id}` });
    await expect.poll(() => bobSocket.frames.at(-1)).toMatchObject({ change: 'removed' });

    // Per-user delivery still reaches only its user.
    await app.services.realtime.publishToUser(alice.user.id, { type: 'notification', title: 't', body: 'b' });
    await expect.poll(() => aliceSocket.frames.at(-1)).toMatchObject({ type: 'notification' });
    expect(bobSocket.frames.some((f) => f.type === 'notification')).toBe(false);
  });
});
