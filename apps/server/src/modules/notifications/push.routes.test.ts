import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUSH_MESSAGES, type PushPayload } from '@app/shared/notifications/push.schemas';
import { eq } from 'drizzle-orm';
import ece from 'http_ece';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient, tokenFromEmail, waitForEmail } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { pushOutbox, pushSubscriptions, sessions } from '../../db/schema.ts';

type Received = { url: string | undefined; headers: IncomingMessage['headers']; body: Buffer };

/**
 * A push service on this machine: it answers each POST with the next status given (201 by default)
 * and keeps what it was sent, so the test can decrypt it with the subscription's private key.
 */
async function startPushService(statuses: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.shift() ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { received, endpoint: (id: string) => `http://127.0.0.1:${port}/push/${id}` };
}

/** A browser's subscription keys: the receiver's P-256 key pair and the 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

function decrypt(received: Received, browser: ReturnType<typeof browserKeys>): PushPayload {
  const plain = ece.decrypt(received.body, {
    version: 'aes128gcm',
    privateKey: browser.ecdh,
    authSecret: browser.auth.toString('base64url'),
  });
  return JSON.parse(plain.toString('utf8'));
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('push subscriptions', () => {
  it('gives the public key to anyone, and keeps subscribing and the switches to the signed-in user', async () => {
    const { app } = await buildTestApp();
    const visitor = createClient(app);
    const config = (await visitor.get('/api/push/config')).json();
    expect(config).toEqual({ available: true, publicKey: expect.any(String) });

    const push = await startPushService();
    const subscription = { endpoint: push.endpoint('a'), keys: browserKeys().keys };
    expect((await visitor.post('/api/push/subscriptions', subscription)).statusCode).toBe(401);
    expect((await visitor.get('/api/me/push')).statusCode).toBe(401);

    const owner = await signedInClient(app);
    const subscribed = await owner.client.post('/api/push/subscriptions', subscription);
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json()).toEqual({
      preferences: { messages: true, deals: true, matches: true },
      devices: 1,
    });
    // The same browser again: still one device.
    expect((await owner.client.post('/api/push/subscriptions', subscription)).json().devices).toBe(1);

    // Another user can neither remove the owner's device nor see it.
    const other = await signedInClient(app);
    expect(
      (
        await other.client.request({
          method: 'DELETE',
          url: '/api/push/subscriptions',
          payload: { endpoint: subscription.endpoint },
        })
      ).statusCode,
    ).toBe(204);
    expect((await owner.client.get('/api/me/push')).json().devices).toBe(1);
    expect((await other.client.get('/api/me/push')).json().devices).toBe(0);

    const off = await owner.client.request({
      method: 'PUT',
      url: '/api/me/push',
      payload: { messages: false, deals: true, matches: true },
    });
    expect(off.json().preferences).toEqual({ messages: false, deals: true, matches: true });
    const bad = await owner.client.request({
      method: 'PUT',
      url: '/api/me/push',
      payload: { messages: 'no' },
    });
    expect(bad.statusCode).toBe(400);

    const removed = await owner.client.request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: subscription.endpoint },
    });
    expect(removed.statusCode).toBe(204);
    expect((await owner.client.get('/api/me/push')).json().devices).toBe(0);
  });

  it('sends to browsers’ push services only, and to at most ten devices per user', async () => {
    const { app } = await buildTestApp();
    const owner = await signedInClient(app);
    for (const endpoint of [
      'http://10.0.0.8/push/x',
      'https://internal.example.com/push/x',
      'http://fcm.googleapis.com/x',
    ]) {
      const res = await owner.client.post('/api/push/subscriptions', { endpoint, keys: browserKeys().keys });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(PUSH_MESSAGES.endpointRefused);
    }
    const fcm = await owner.client.post('/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: browserKeys().keys,
    });
    expect(fcm.statusCode).toBe(200);
    for (let i = 1; i < 10; i += 1)
      expect(
        (
          await owner.client.post('/api/push/subscriptions', {
            endpoint: `https://fcm.googleapis.com/fcm/send/device-${i}`,
            keys: browserKeys().keys,
          })
        ).statusCode,
      ).toBe(200);
    const eleventh = await owner.client.post('/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/one-too-many',
      keys: browserKeys().keys,
    });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error.message).toBe(PUSH_MESSAGES.tooManyDevices);
  });
});

describe('push delivery', () => {
  it('sends a new message, encrypted for the recipient’s device, and the one-click mute turns messages off', async () => {
    const { app } = await buildTestApp();
    const push = await startPushService();
    const sender = await signedInClient(app, { fullName: 'Maria Santos' });
    const recipient = await signedInClient(app);
    const browser = browserKeys();
    await recipient.client.post('/api/push/subscriptions', {
      endpoint: push.endpoint('r'),
      keys: browser.keys,
    });

    const { conversation } = await app.services.messaging.openConversation({
      starterId: sender.user.id,
      recipientId: recipient.user.id,
      subject: 'Copper',
      firstMessage: { content: 'Is the copper still available?' },
    });
    await app.services.push.drain();
    expect(push.received).toHaveLength(1);
    const [delivery] = push.received;
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    expect(delivery.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(Number(delivery.headers.ttl)).toBeGreaterThan(0);
    const payload = decrypt(delivery, browser);
    expect(payload).toMatchObject({
      kind: 'messages',
      title: 'New message from Maria Santos',
      body: 'Is the copper still available?',
      url: `/messages?conversation=${conversation.id}`,
    });

    // The notification's "Turn off" needs no session; a forged token changes nothing.
    const visitor = createClient(app);
    const forged = await visitor.post('/api/push/mute', { token: `${recipient.user.id}.messages.forged` });
    expect(forged.statusCode).toBe(400);
    expect((await recipient.client.get('/api/me/push')).json().preferences.messages).toBe(true);
    expect((await visitor.post('/api/push/mute', { token: payload.muteToken })).statusCode).toBe(204);
    expect((await recipient.client.get('/api/me/push')).json().preferences).toEqual({
      messages: false,
      deals: true,
      matches: true,
    });

    // Turned off: the next message is kept from the device.
    await app.services.messaging.postMessage(conversation.id, sender.user.id, { content: 'Hello?' });
    await app.services.push.drain();
    expect(push.received).toHaveLength(1);
    // The sender's own devices never hear of their own message.
    expect((await sender.client.get('/api/me/push')).json().devices).toBe(0);
  });

  it('removes a device its push service calls gone (410, 404), and retries one that failed otherwise', async () => {
    const { app } = await buildTestApp();
    const push = await startPushService([410, 404, 500, 201]);
    const sender = await signedInClient(app);
    const recipient = await signedInClient(app);
    for (const id of ['gone', 'missing'])
      await recipient.client.post('/api/push/subscriptions', {
        endpoint: push.endpoint(id),
        keys: browserKeys().keys,
      });
    const { conversation } = await app.services.messaging.openConversation({
      starterId: sender.user.id,
      recipientId: recipient.user.id,
      subject: 'PET bales',
      firstMessage: { content: 'First' },
    });
    await app.services.push.drain();
    expect(push.received).toHaveLength(2);
    expect((await recipient.client.get('/api/me/push')).json().devices).toBe(0);

    const browser = browserKeys();
    await recipient.client.post('/api/push/subscriptions', {
      endpoint: push.endpoint('flaky'),
      keys: browser.keys,
    });
    await app.services.messaging.postMessage(conversation.id, sender.user.id, { content: 'Second' });
    await app.services.push.drain();
    // 500: the device stays and the push waits for its retry.
    expect(push.received).toHaveLength(3);
    expect((await recipient.client.get('/api/me/push')).json().devices).toBe(1);
  });
});

describe('push devices belong to the session that registered them', () => {
  /** A trader signed in twice (a laptop and a phone), each session with its own browser subscribed. */
  async function traderOnTwoDevices() {
    const { app, database } = await buildTestApp();
    const push = await startPushService();
    const sender = await signedInClient(app, { fullName: 'Jonas Lund' });
    const laptop = await signedInClient(app);
    const phone = createClient(app);
    const signIn = await phone.post('/api/accounts/sign-in', {
      email: laptop.credentials.email,
      password: laptop.credentials.password,
    });
    expect(signIn.statusCode).toBe(200);
    const devices = { laptop: push.endpoint('laptop'), phone: push.endpoint('phone') };
    for (const [client, endpoint] of [
      [laptop.client, devices.laptop],
      [phone, devices.phone],
    ] as const)
      expect(
        (await client.post('/api/push/subscriptions', { endpoint, keys: browserKeys().keys })).statusCode,
      ).toBe(200);
    const { conversation } = await app.services.messaging.openConversation({
      starterId: sender.user.id,
      recipientId: laptop.user.id,
      subject: 'Aluminium scrap',
      firstMessage: { content: 'First offer' },
    });
    await app.services.push.drain();
    expect(push.received.map((r) => r.url).sort()).toEqual(['/push/laptop', '/push/phone']);
    push.received.length = 0;

    /** Sends the trader a message and answers which devices were pushed. */
    async function pushedDevicesAfterAMessage(content: string) {
      await app.services.messaging.postMessage(conversation.id, sender.user.id, { content });
      await app.services.push.drain();
      return push.received.splice(0).map((r) => r.url);
    }
    async function endpointsOfTrader() {
      const rows = await database.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, laptop.user.id));
      return rows.map((r) => r.endpoint).sort();
    }
    async function sessionOf(endpoint: string) {
      const [row] = await database.db
        .select({ sessionId: pushSubscriptions.sessionId })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint));
      return row?.sessionId;
    }
    /** No device left: a message to the trader is neither queued for push nor sent anywhere. */
    async function expectNoDeviceAndNoPush(content: string) {
      expect(await endpointsOfTrader()).toEqual([]);
      const queued = () => database.db.select().from(pushOutbox).where(eq(pushOutbox.userId, laptop.user.id));
      const before = (await queued()).length;
      expect(await pushedDevicesAfterAMessage(content)).toEqual([]);
      expect((await queued()).length).toBe(before);
    }
    async function laptopSessionId() {
      const id = await sessionOf(devices.laptop);
      if (!id) throw new Error('the laptop has no session');
      return id;
    }
    return {
      app,
      database,
      push,
      sender,
      trader: laptop,
      clients: { laptop: laptop.client, phone } as Record<'laptop' | 'phone', TestClient>,
      devices,
      pushedDevicesAfterAMessage,
      endpointsOfTrader,
      sessionOf,
      expectNoDeviceAndNoPush,
      laptopSessionId,
    };
  }

  it('signing out removes the devices of that session only: the signed-out browser hears nothing more', async () => {
    const t = await traderOnTwoDevices();
    expect((await t.clients.laptop.post('/api/accounts/sign-out', {})).statusCode).toBe(204);
    expect(await t.endpointsOfTrader()).toEqual([t.devices.phone]);
    expect(await t.pushedDevicesAfterAMessage('Are you there?')).toEqual(['/push/phone']);

    // Once the last device's session ends too, nothing is even queued for the trader.
    expect((await t.clients.phone.post('/api/accounts/sign-out', {})).statusCode).toBe(204);
    await t.expectNoDeviceAndNoPush('Hello?');
  });

  it('a session an administrator ends loses its devices; a visitor and a trader cannot end it', async () => {
    const t = await traderOnTwoDevices();
    const admin = await adminClient(t.app);
    const laptopSession = await t.laptopSessionId();
    const url = `/api/admin/security/sessions/${laptopSession}/end`;
    expect((await createClient(t.app).post(url, {})).statusCode).toBe(401);
    expect((await t.sender.client.post(url, {})).statusCode).toBe(403);
    expect((await t.clients.phone.post(url, {})).statusCode).toBe(403);
    expect(await t.endpointsOfTrader()).toEqual([t.devices.laptop, t.devices.phone].sort());

    expect((await admin.client.post(url, {})).statusCode).toBe(204);
    expect(await t.endpointsOfTrader()).toEqual([t.devices.phone]);
    expect(await t.pushedDevicesAfterAMessage('Still interested?')).toEqual(['/push/phone']);
  });

  it('a password change removes the devices of the other sessions; this browser registers again with its renewed session', async () => {
    const t = await traderOnTwoDevices();
    const changed = await t.clients.laptop.post('/api/me/password', {
      currentPassword: t.trader.credentials.password,
      newPassword: 'another-secret',
      confirmPassword: 'another-secret',
    });
    expect(changed.statusCode).toBe(204);
    expect(await t.endpointsOfTrader()).toEqual([]);
    expect(await t.pushedDevicesAfterAMessage('New price')).toEqual([]);

    // The web app registers its browser again after the change: it moves to the renewed session.
    const again = await t.clients.laptop.post('/api/push/subscriptions', {
      endpoint: t.devices.laptop,
      keys: browserKeys().keys,
    });
    expect(again.json().devices).toBe(1);
    expect(await t.pushedDevicesAfterAMessage('Newer price')).toEqual(['/push/laptop']);
    // The phone's old session may not register anything any more.
    const stale = await t.clients.phone.post('/api/push/subscriptions', {
      endpoint: t.devices.phone,
      keys: browserKeys().keys,
    });
    expect(stale.statusCode).toBe(401);
  });

  it('a password reset removes every device of the account', async () => {
    const t = await traderOnTwoDevices();
    const visitor = createClient(t.app);
    await visitor.post('/api/accounts/password-reset/request', { email: t.trader.credentials.email });
    const email = await waitForEmail(t.app, t.trader.credentials.email, 'password-reset');
    const reset = await visitor.post('/api/accounts/password-reset', {
      token: tokenFromEmail(email.textBody),
      newPassword: 'brand-new-secret',
    });
    expect(reset.statusCode).toBe(204);
    await t.expectNoDeviceAndNoPush('Hello after the reset');
  });

  it('sends nothing to a device whose session expired, and forgets that device', async () => {
    const t = await traderOnTwoDevices();
    const laptopSession = await t.laptopSessionId();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, laptopSession));
    expect(await t.pushedDevicesAfterAMessage('Expired?')).toEqual(['/push/phone']);
    expect(await t.endpointsOfTrader()).toEqual([t.devices.phone]);
  });

  it('a browser registered by a new session moves to it, and no longer ends with the old one', async () => {
    const t = await traderOnTwoDevices();
    // Another trader signs in on the laptop's browser and turns push on there.
    const colleague = await signedInClient(t.app);
    expect(
      (
        await colleague.client.post('/api/push/subscriptions', {
          endpoint: t.devices.laptop,
          keys: browserKeys().keys,
        })
      ).json().devices,
    ).toBe(1);
    expect(await t.endpointsOfTrader()).toEqual([t.devices.phone]);
    // Neither the first trader's sign-out nor their messages reach the colleague's device.
    expect(await t.pushedDevicesAfterAMessage('For the first trader')).toEqual(['/push/phone']);
    expect((await t.clients.laptop.post('/api/accounts/sign-out', {})).statusCode).toBe(204);
    expect(await t.sessionOf(t.devices.laptop)).toBeDefined();
    expect((await colleague.client.get('/api/me/push')).json().devices).toBe(1);
    // A visitor can remove no device.
    const visitorRemoves = await createClient(t.app).request({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: t.devices.laptop },
    });
    expect(visitorRemoves.statusCode).toBe(401);
    expect((await colleague.client.get('/api/me/push')).json().devices).toBe(1);
  });
});
