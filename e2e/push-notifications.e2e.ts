import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { DEMO_PASSWORD, expect, signInByApi, test } from './support/fixtures.ts';

/** Demo traders who share conversations (apps/server/src/demo/seed.ts). */
const RECIPIENT = 'tom@polycycle.test';

/**
 * A push service on this machine standing in for the browser's (Chromium here cannot reach FCM): it
 * keeps what the server sends, which the test decrypts with the subscription's own keys.
 */
async function startPushService() {
  const bodies: Buffer[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks));
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { bodies, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/e2e` };
}

test('a new message for a trader with push on reaches their device, and the service worker shows it', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const push = await startPushService();
  try {
    const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: String(baseURL) });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // The recipient's device: push on, with the keys a browser would make.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    await signInByApi(page.request, String(baseURL), RECIPIENT, DEMO_PASSWORD);
    const subscribed = await page.request.post('/api/push/subscriptions', {
      headers: { origin: String(baseURL) },
      data: {
        endpoint: push.url,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      },
    });
    expect(subscribed.ok()).toBe(true);
    const conversations = (await (await page.request.get('/api/conversations')).json()).items as Array<{
      id: string;
      otherParticipant: { email: string | null };
    }>;
    expect(conversations.length).toBeGreaterThan(0);

    // The other participant of a conversation they may write in writes, from a browser of their own.
    const content = `Is the lot still available? ${Date.now()}`;
    let sent = false;
    for (const conversation of conversations) {
      // Other journeys start conversations with this trader from accounts of their own: only the demo
      // traders' passwords are known here.
      const sender = await playwright.request.newContext({ baseURL });
      const signIn = await sender.post('/api/accounts/sign-in', {
        headers: { origin: String(baseURL) },
        data: { email: conversation.otherParticipant.email, password: DEMO_PASSWORD },
      });
      if (!signIn.ok()) {
        await sender.dispose();
        continue;
      }
      const res = await sender.post(`/api/conversations/${conversation.id}/messages`, {
        headers: { origin: String(baseURL) },
        data: { content },
      });
      await sender.dispose();
      if (res.ok()) {
        sent = true;
        break;
      }
    }
    expect(sent).toBe(true);

    // The push service receives it, encrypted for this device only.
    await expect.poll(() => push.bodies.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const plain = ece
      .decrypt(push.bodies[0], {
        version: 'aes128gcm',
        privateKey: ecdh,
        authSecret: auth.toString('base64url'),
      })
      .toString('utf8');
    const payload = JSON.parse(plain);
    expect(payload).toMatchObject({
      kind: 'messages',
      body: content,
      url: expect.stringMatching(/^\/messages\?conversation=/),
    });
    expect(payload.title).toMatch(/^New message from /);

    // The browser delivers it to the service worker, which shows it while no Recytrade page is in front.
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r: { scopeURL: string }) => r.scopeURL.startsWith(String(baseURL)));
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    await page.goto('about:blank');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(String(baseURL)).origin,
      registrationId,
      data: plain,
    });
    await page.goto('/');
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const ready = await navigator.serviceWorker.ready;
            return (await ready.getNotifications()).map((n) => ({ title: n.title, body: n.body }));
          }),
        { timeout: 15_000 },
      )
      .toEqual([{ title: payload.title, body: content }]);
    await context.close();
  } finally {
    push.server.close();
  }
});
