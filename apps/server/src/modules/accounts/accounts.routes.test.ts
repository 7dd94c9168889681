import {
  EMAIL_NOT_CONFIRMED_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  SECTOR_REQUIRED_MESSAGE,
  SIGN_IN_FROM_KNOWN_DEVICE_MESSAGE,
  SIGN_IN_LIMITS,
  TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE,
} from '@app/shared/accounts/accounts.schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import {
  createConfirmedUser,
  DEFAULT_PASSWORD,
  signedInClient,
  signUpBody,
  tokenFromEmail,
  waitForEmail,
} from '../../../test/factories/accounts.ts';
import { sessions } from './accounts.table.ts';

describe('sign-up and email confirmation', () => {
  it('creates an unconfirmed account with the sign-up profile and emails a confirmation link to /auth/confirm', async () => {
    const { app } = await buildTestApp();
    const client = createClient(app);
    const body = signUpBody({
      fullName: 'Ines Duarte',
      company: 'Porto Fibres',
      sector: 'Textile Recycling',
    });
    const res = await client.post('/api/accounts/sign-up', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email: body.email });

    const email = await waitForEmail(app, body.email, 'email-verification');
    expect(email.textBody).toContain('http://localhost:3000/auth/confirm?token=');
    expect(client.cookies.size).toBe(0);

    const signIn = await client.post('/api/accounts/sign-in', { email: body.email, password: body.password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: EMAIL_NOT_CONFIRMED_MESSAGE });

    const confirm = await client.post('/api/accounts/verify-email', {
      token: tokenFromEmail(email.textBody),
    });
    expect(confirm.statusCode).toBe(204);
    const signedIn = await client.post('/api/accounts/sign-in', {
      email: body.email,
      password: body.password,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({
      email: body.email,
      fullName: 'Ines Duarte',
      company: 'Porto Fibres',
      sector: 'Textile Recycling',
      emailVerified: true,
    });
    // The first sign-in is told apart ("Welcome!"), every later one is not ("Welcome back!").
    expect(signedIn.json().firstSignIn).toBe(true);
    const cookie = String(signedIn.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const again = await createClient(app).post('/api/accounts/sign-in', {
      email: body.email,
      password: body.password,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ firstSignIn: false, user: { email: body.email } });
  });

  it('resends the confirmation email to an unconfirmed address and stays silent for unknown ones', async () => {
    const { app } = await buildTestApp();
    const client = createClient(app);
    const body = signUpBody();
    await client.post('/api/accounts/sign-up', body);
    await waitForEmail(app, body.email, 'email-verification');

    expect((await client.post('/api/accounts/verification/resend', { email: body.email })).statusCode).toBe(
      202,
    );
    expect(
      (await client.post('/api/accounts/verification/resend', { email: 'nobody@nowhere.test' })).statusCode,
    ).toBe(202);
    await expect
      .poll(async () => (await app.services.notifications.listMailbox({ to: body.email })).length)
      .toBe(2);
    expect(await app.services.notifications.listMailbox({ to: 'nobody@nowhere.test' })).toHaveLength(0);
  });

  it('refuses an invalid confirmation token with a clear message', async () => {
    const { app } = await buildTestApp();
    const res = await createClient(app).post('/api/accounts/verify-email', { token: 'not-a-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This link is invalid or has expired. Please request a new one.');
  });

  it('requires the recycling sector with the specified notice', async () => {
    const { app } = await buildTestApp();
    const client = createClient(app);
    const { sector: _omit, ...withoutSector } = signUpBody();
    const missing = await client.post('/api/accounts/sign-up', withoutSector);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(SECTOR_REQUIRED_MESSAGE);
    const unknown = await client.post('/api/accounts/sign-up', signUpBody({ sector: 'Gold Mining' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(SECTOR_REQUIRED_MESSAGE);
  });

  it('does not reveal whether an address already has an account', async () => {
    const { app } = await buildTestApp();
    const existing = await createConfirmedUser(app);
    const again = await createClient(app).post(
      '/api/accounts/sign-up',
      signUpBody({ email: existing.email }),
    );
    const fresh = await createClient(app).post('/api/accounts/sign-up', signUpBody());
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual({ email: existing.email });
    // The original account is untouched: its password still signs in.
    const signIn = await createClient(app).post('/api/accounts/sign-in', {
      email: existing.email,
      password: existing.password,
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('sign-in, session and sign-out', () => {
  it('answers the auth state of a visitor with no user', async () => {
    const { app } = await buildTestApp();
    const res = await createClient(app).get('/api/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: null,
      isAdmin: false,
      subscribed: false,
      subscriptionTier: null,
      subscriptionEnd: null,
    });
  });

  it('refuses a wrong password with the same message as an unknown account', async () => {
    const { app } = await buildTestApp();
    const user = await createConfirmedUser(app);
    const client = createClient(app);
    const wrong = await client.post('/api/accounts/sign-in', {
      email: user.email,
      password: 'wrong-password',
    });
    const unknown = await client.post('/api/accounts/sign-in', {
      email: 'ghost@nowhere.test',
      password: 'whatever1',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: INVALID_CREDENTIALS_MESSAGE });
    }
  });

  it('signs out and ends the session', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    expect((await client.get('/api/me')).json().user).not.toBeNull();
    expect((await client.post('/api/accounts/sign-out')).statusCode).toBe(204);
    expect((await client.get('/api/me')).json().user).toBeNull();
  });

  it('checks the session in the database on every request: extends it when due, refuses it expired, deleted or forged', async () => {
    const { app, database } = await buildTestApp();
    const { client, user } = await signedInClient(app);
    const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const setExpiry = (expiresAt: Date) =>
      database.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, session.id));
    const expiryNow = async () =>
      (await database.db.select().from(sessions).where(eq(sessions.id, session.id)))[0]?.expiresAt;
    const day = 86_400_000;

    // Extended by less than a day: read, not extended.
    const recent = new Date(Date.now() + 29.5 * day);
    await setExpiry(recent);
    expect((await client.get('/api/me')).json().user.id).toBe(user.id);
    expect(await expiryNow()).toEqual(recent);
    // A day or more since its last extension: extended to 30 days again.
    await setExpiry(new Date(Date.now() + 28 * day));
    expect((await client.get('/api/me')).json().user.id).toBe(user.id);
    expect((await expiryNow())?.getTime()).toBeGreaterThan(Date.now() + 29.9 * day);

    // A forged signature is no session, and neither is an expired or a deleted one.
    const cookie = String(client.cookies.get('recytrade.session_token'));
    const forged = createClient(app);
    // The signature's first character: its last carries base64 padding bits that a flip may not change.
    const at = cookie.lastIndexOf('.') + 1;
    const flipped = cookie[at] === 'A' ? 'B' : 'A';
    forged.cookies.set('recytrade.session_token', `${cookie.slice(0, at)}${flipped}${cookie.slice(at + 1)}`);
    expect((await forged.get('/api/me')).json().user).toBeNull();
    await setExpiry(new Date(Date.now() - 1000));
    expect((await client.get('/api/me')).json().user).toBeNull();
    const again = await signedInClient(app);
    expect((await again.client.get('/api/me')).json().user).not.toBeNull();
    await database.db.delete(sessions).where(eq(sessions.userId, again.user.id));
    expect((await again.client.get('/api/me')).json().user).toBeNull();
  });

  it('pauses an account at one address after repeated failures, even for the right password, but never its owner elsewhere', async () => {
    const { app } = await buildTestApp();
    const user = await createConfirmedUser(app);
    const attacker = createClient(app);
    const signInFrom = (client: ReturnType<typeof createClient>, ip: string, password: string) =>
      client.request({
        method: 'POST',
        url: '/api/accounts/sign-in',
        payload: { email: user.email, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress; i++)
      expect((await signInFrom(attacker, '203.0.113.7', `bad-${i}-pass`)).statusCode).toBe(401);
    const locked = await signInFrom(attacker, '203.0.113.7', user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(SIGN_IN_LIMITS.windowMinutes * 60));
    expect(locked.json().error).toEqual({ code: 'RATE_LIMITED', message: TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE });
    // The owner, at their own address, signs in as usual.
    expect((await signInFrom(createClient(app), '198.51.100.20', user.password)).statusCode).toBe(200);
  });

  // A password hash per attempt: a dozen of them can outlast the default timeout on a busy machine.
  it('guessing from many addresses admits only addresses the account signed in from before', async () => {
    const { app } = await buildTestApp();
    const user = await createConfirmedUser(app);
    const signInFrom = (ip: string, password: string) =>
      createClient(app).request({
        method: 'POST',
        url: '/api/accounts/sign-in',
        payload: { email: user.email, password },
        remoteAddress: ip,
      });
    expect((await signInFrom('198.51.100.20', user.password)).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountFromUnknownAddresses; i++)
      expect((await signInFrom(`203.0.113.${i + 1}`, `bad-${i}-pass`)).statusCode).toBe(401);
    const stranger = await signInFrom('192.0.2.99', user.password);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: SIGN_IN_FROM_KNOWN_DEVICE_MESSAGE,
    });
    // The owner's usual address still gets in.
    expect((await signInFrom('198.51.100.20', user.password)).statusCode).toBe(200);
  }, 90_000);

  // A password hash per attempt: a dozen of them can outlast the default timeout on a busy machine.
  it('limits failed sign-ins per address across accounts', async () => {
    const { app } = await buildTestApp();
    const user = await createConfirmedUser(app);
    const client = createClient(app);
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) {
      await client.post('/api/accounts/sign-in', { email: `someone${i}@spray.test`, password: 'guess-1234' });
    }
    const res = await client.post('/api/accounts/sign-in', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(429);
  }, 90_000);
});

describe('password reset and change', () => {
  it('resets the password with the emailed /reset-password link and ends existing sessions', async () => {
    const { app } = await buildTestApp();
    const { client, credentials } = await signedInClient(app);
    const visitor = createClient(app);
    expect(
      (await visitor.post('/api/accounts/password-reset/request', { email: credentials.email })).statusCode,
    ).toBe(202);
    const email = await waitForEmail(app, credentials.email, 'password-reset');
    expect(email.textBody).toContain('http://localhost:3000/reset-password?token=');

    const reset = await visitor.post('/api/accounts/password-reset', {
      token: tokenFromEmail(email.textBody),
      newPassword: 'brand-new-secret',
    });
    expect(reset.statusCode).toBe(204);
    expect((await client.get('/api/me')).json().user).toBeNull();
    const old = await visitor.post('/api/accounts/sign-in', {
      email: credentials.email,
      password: credentials.password,
    });
    expect(old.statusCode).toBe(401);
    const fresh = await visitor.post('/api/accounts/sign-in', {
      email: credentials.email,
      password: 'brand-new-secret',
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers a reset request for an unknown address the same way and sends nothing', async () => {
    const { app } = await buildTestApp();
    const res = await createClient(app).post('/api/accounts/password-reset/request', {
      email: 'nobody@nowhere.test',
    });
    expect(res.statusCode).toBe(202);
    expect(await app.services.notifications.listMailbox({ to: 'nobody@nowhere.test' })).toHaveLength(0);
  });

  it('refuses a reset with a bad token or a short password', async () => {
    const { app } = await buildTestApp();
    const client = createClient(app);
    const bad = await client.post('/api/accounts/password-reset', {
      token: 'nope',
      newPassword: 'long-enough',
    });
    expect(bad.statusCode).toBe(400);
    const short = await client.post('/api/accounts/password-reset', { token: 'nope', newPassword: '123' });
    expect(short.json().error.message).toBe('Password must be at least 6 characters long');
  });

  it('changes the password of the signed-in user after checking the current one', async () => {
    const { app } = await buildTestApp();
    const { client, credentials } = await signedInClient(app);
    const otherDevice = createClient(app);
    await otherDevice.post('/api/accounts/sign-in', {
      email: credentials.email,
      password: credentials.password,
    });
    const mismatch = await client.post('/api/me/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'another-secret',
      confirmPassword: 'different-secret',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe('Passwords do not match');
    const short = await client.post('/api/me/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.json().error.message).toBe('Password must be at least 6 characters long');
    const wrongCurrent = await client.post('/api/me/password', {
      currentPassword: 'not-my-password',
      newPassword: 'another-secret',
      confirmPassword: 'another-secret',
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().error.message).toBe('Current password is incorrect');

    const ok = await client.post('/api/me/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'another-secret',
      confirmPassword: 'another-secret',
    });
    expect(ok.statusCode).toBe(204);
    // The user who changed it stays signed in; other sessions end.
    expect((await client.get('/api/me')).json().user.email).toBe(credentials.email);
    expect((await otherDevice.get('/api/me')).json().user).toBeNull();
    const again = await createClient(app).post('/api/accounts/sign-in', {
      email: credentials.email,
      password: 'another-secret',
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a password change from a visitor', async () => {
    const { app } = await buildTestApp();
    const res = await createClient(app).post('/api/me/password', {
      currentPassword: 'x',
      newPassword: 'another-secret',
      confirmPassword: 'another-secret',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'Sign in required' });
  });
});

describe('profile', () => {
  it('lets the owner edit the full name, and only the owner', async () => {
    const { app } = await buildTestApp();
    const owner = await signedInClient(app);
    const other = await signedInClient(app);
    const res = await owner.client.patch('/api/me/profile', { fullName: '  Dana  Fischer-Wolf ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.fullName).toBe('Dana  Fischer-Wolf');
    expect((await other.client.get('/api/me')).json().user.fullName).toBe('Dana Fischer');
    expect((await createClient(app).patch('/api/me/profile', { fullName: 'Visitor' })).statusCode).toBe(401);
  });

  it('does not let the email be changed through the profile', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const res = await client.patch('/api/me/profile', { fullName: 'Dana', email: 'new@x.test' });
    expect(res.statusCode).toBe(400);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request that carries the session cookie from another origin', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const foreign = await client.request({
      method: 'PATCH',
      url: '/api/me/profile',
      payload: { fullName: 'Mallory' },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await client.get('/api/me')).json().user.fullName).toBe('Dana Fischer');

    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const noOrigin = await app.inject({ method: 'POST', url: '/api/accounts/sign-out', headers: { cookie } });
    expect(noOrigin.statusCode).toBe(403);
    const nullCrossSite = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-out',
      headers: { cookie, origin: 'null', 'sec-fetch-site': 'cross-site' },
    });
    expect(nullCrossSite.statusCode).toBe(403);
    expect((await client.get('/api/me')).json().user).not.toBeNull();
  });

  it('accepts a same-origin form post whose Origin is hidden by the referrer policy', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-out',
      headers: { cookie, origin: 'null', 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('the per-address throttle', () => {
  it('answers 429 with the error shape once an address exceeds the per-minute budget', async () => {
    const { app } = await buildTestApp({ env: { authRateLimitPerMinute: 3 } });
    const client = createClient(app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await client.post('/api/accounts/password-reset/request', { email: 'a@b.test' })).statusCode,
      );
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    const res = await client.post('/api/accounts/password-reset/request', { email: 'a@b.test' });
    expect(res.json().error.code).toBe('RATE_LIMITED');
  });
});
