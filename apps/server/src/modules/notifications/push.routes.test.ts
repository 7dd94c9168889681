import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUSH_MESSAGES, type PushPayload } from '@app/shared/notifications/push.schemas';
import ece from 'http_ece';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';

type Received = { headers: IncomingMessage['headers']; body: Buffer };

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
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
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
