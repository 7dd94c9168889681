import { PLATFORM_MESSAGES } from '@app/shared/settings/settings.schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, createClient, TEST_APP_URL, type TestClient } from '../../test/build-test-app.ts';
import { signedInClient, signUpBody } from '../../test/factories/accounts.ts';
import {
  adminClient,
  expectSubscribed,
  pathOf,
  postForm,
  SUCCESS_CARD,
  settleWebhooks,
} from '../../test/factories/billing.ts';
import { connectSocketAs, listenForSockets } from '../../test/factories/realtime.ts';
import { getWorkerDatabase } from '../../test/test-database.ts';
import { MAINTENANCE_CLOSE_CODE } from '../modules/realtime/index.ts';

const MAINTENANCE = {
  code: 'MAINTENANCE',
  message: PLATFORM_MESSAGES.maintenance('Recytrade'),
};

async function setup() {
  const { app } = await buildTestApp();
  const [trader, admin] = await Promise.all([signedInClient(app), adminClient(app)]);
  return { app, trader, admin, visitor: createClient(app) };
}

async function setMaintenance(admin: TestClient, on: boolean) {
  const res = await admin.patch('/api/admin/settings', { 'platform.maintenance_mode': on });
  expect(res.statusCode, res.body).toBe(200);
}

const opened: WebSocket[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.terminate();
});

// The worker's database is created and migrated once, within the hook timeout rather than a test's.
beforeAll(async () => {
  await getWorkerDatabase();
});

describe('maintenance mode', () => {
  it('answers visitors and traders 503 with the maintenance message while administrators keep working', async () => {
    const { trader, admin, visitor } = await setup();
    expect((await trader.client.get('/api/listings')).statusCode).toBe(200);
    await setMaintenance(admin.client, true);

    for (const client of [visitor, trader.client]) {
      const res = await client.get('/api/listings');
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual(MAINTENANCE);
      expect(res.headers['retry-after']).toBe('300');
    }
    // Writes are refused before their bodies are read or validated.
    const create = await trader.client.post('/api/listings', { title: '' });
    expect(create.statusCode).toBe(503);
    expect((await visitor.post('/api/accounts/sign-up', signUpBody())).statusCode).toBe(503);
    expect((await trader.client.patch('/api/me/profile', { fullName: 'New Name' })).statusCode).toBe(503);

    expect((await admin.client.get('/api/listings')).statusCode).toBe(200);
    expect((await admin.client.get('/api/admin/settings')).statusCode).toBe(200);

    // What the maintenance page and signing in need stays open to everyone.
    const status = await visitor.get('/api/settings/platform');
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ name: 'Recytrade', maintenanceMode: true });
    expect((await visitor.get('/api/settings/pricing')).statusCode).toBe(200);
    expect((await visitor.get('/api/health')).statusCode).toBe(200);
    expect((await trader.client.get('/api/me')).json().user.email).toBe(trader.user.email);
    // Pages outside the API are served as usual.
    expect((await visitor.get('/robots.txt')).statusCode).toBe(200);
  });

  it('lets an administrator sign in during maintenance and switch it off, which applies at once', async () => {
    const { app, trader, admin } = await setup();
    await setMaintenance(admin.client, true);

    const fresh = createClient(app);
    const signIn = await fresh.post('/api/accounts/sign-in', {
      email: admin.credentials.email,
      password: admin.credentials.password,
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().isAdmin).toBe(true);
    expect((await fresh.get('/api/deals')).statusCode).toBe(200);

    // A trader can sign in too (the page then says why nothing else works) and sign out.
    const traderAgain = createClient(app);
    const traderSignIn = await traderAgain.post('/api/accounts/sign-in', {
      email: trader.credentials.email,
      password: trader.credentials.password,
    });
    expect(traderSignIn.statusCode).toBe(200);
    expect((await traderAgain.get('/api/deals')).statusCode).toBe(503);
    expect((await traderAgain.post('/api/accounts/sign-out')).statusCode).toBe(204);

    // The setting is cached, but a change on this instance drops the cache: no stale answer.
    await setMaintenance(fresh, false);
    expect((await trader.client.get('/api/deals')).statusCode).toBe(200);
    expect((await createClient(app).get('/api/settings/platform')).json().maintenanceMode).toBe(false);
  });

  it('keeps payment provider webhooks and the sandbox pages working, so no payment is lost', async () => {
    const { app, trader, admin } = await setup();
    const checkout = (await trader.client.post('/api/billing/checkout', {})).json();
    await setMaintenance(admin.client, true);

    // The trader was already on the provider's page when maintenance began, and pays there.
    const page = await postForm(trader.client, pathOf(checkout.url), {
      email: 'payer@example.test',
      action: 'pay',
      method: 'card',
      ...SUCCESS_CARD,
    });
    expect(page.statusCode).toBe(303);
    await settleWebhooks(app);
    expect((await trader.client.get('/api/billing/subscription')).statusCode).toBe(503);

    await setMaintenance(admin.client, false);
    await expectSubscribed(trader.client, true);

    // An escrow provider's webhook reaches its handler (a bad signature, not maintenance, refuses it).
    await setMaintenance(admin.client, true);
    const escrow = await createClient(app, { origin: null }).post('/api/webhooks/escrow', { event: 'x' });
    expect(escrow.statusCode).not.toBe(503);
  });

  it('refuses new realtime sockets of visitors and traders, not of administrators', async () => {
    const { app, trader, admin } = await setup();
    await setMaintenance(admin.client, true);
    const url = await listenForSockets(app);

    const refusal = await refusedUpgrade(url, trader.client);
    expect(refusal).toBe(503);
    expect(await refusedUpgrade(url, null)).toBe(503);
    await connectSocketAs(url, admin.client, opened);
  });
});

describe('platform switches on open pages', () => {
  it("tells every open socket of a switch, and closes all but administrators' when maintenance starts", async () => {
    const { app, trader, admin } = await setup();
    const url = await listenForSockets(app);
    const traderSocket = await connectSocketAs(url, trader.client, opened);
    const adminSocket = await connectSocketAs(url, admin.client, opened);
    const [traderRaw, adminRaw] = opened;

    // Another switch: news for every page, no socket closes.
    const closed = await admin.client.patch('/api/admin/settings', { 'platform.registrations_open': false });
    expect(closed.statusCode).toBe(200);
    const notice = { type: 'platform.status.changed', maintenanceMode: false };
    await expect.poll(() => traderSocket.events()).toEqual([notice]);
    await expect.poll(() => adminSocket.events()).toEqual([notice]);
    // A setting outside the platform status is no news.
    await admin.client.patch('/api/admin/settings', { 'fees.contact_fee_cents': 2500 });

    const traderClosed = new Promise<number>((resolve) => traderRaw.once('close', (code) => resolve(code)));
    await setMaintenance(admin.client, true);
    expect(await traderClosed).toBe(MAINTENANCE_CLOSE_CODE);
    const started = { type: 'platform.status.changed', maintenanceMode: true };
    expect(traderSocket.events()).toEqual([notice, started]);
    await expect.poll(() => adminSocket.events()).toEqual([notice, started]);
    expect(adminRaw.readyState).toBe(WebSocket.OPEN);
  });
});

/** The HTTP status that refused the socket's upgrade, or 101 when it opened. */
function refusedUpgrade(url: string, client: TestClient | null): Promise<number> {
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  const socket = new WebSocket(url, { headers: { origin: TEST_APP_URL, ...(cookie ? { cookie } : {}) } });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.once('open', () => resolve(101));
    socket.once('error', reject);
  });
}
