import { SECTOR_REQUIRED_MESSAGE } from '@app/shared/accounts/accounts.schemas';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient, signUpBody } from '../../../test/factories/accounts.ts';

const ENDPOINTS = [
  '/api/accounts/sign-up',
  '/api/accounts/sign-in',
  '/api/accounts/verify-email',
  '/api/accounts/verification/resend',
  '/api/accounts/password-reset/request',
  '/api/accounts/password-reset',
] as const;

describe('hostile and malformed input on the auth and account endpoints', () => {
  it.each(ENDPOINTS)('%s answers a missing body, wrong types and malformed JSON with a 4xx', async (url) => {
    const { app } = await buildTestApp();
    const client = createClient(app);
    const empty = await client.post(url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('VALIDATION_FAILED');
    expect(empty.json().error.message.length).toBeGreaterThan(0);

    const wrongTypes = await client.post(url, {
      email: 42,
      password: ['x'],
      token: { $ne: 1 },
      newPassword: null,
    });
    expect(wrongTypes.statusCode).toBe(400);

    const malformed = await client.request({
      method: 'POST',
      url,
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request body is not valid JSON',
    });
  });

  it.each(ENDPOINTS)('%s refuses a 10 MB body with 413 and the error shape', async (url) => {
    const { app } = await buildTestApp();
    const huge = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(10 * 1024 * 1024) });
    const res = await createClient(app).request({
      method: 'POST',
      url,
      payload: huge,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('lists each missing sign-up field, joined with ", "', async () => {
    const { app } = await buildTestApp();
    const res = await createClient(app).post('/api/accounts/sign-up', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      [
        'Company name is required',
        SECTOR_REQUIRED_MESSAGE,
        'Full name is required',
        'Please enter a valid email address',
        'Password is required',
      ].join(', '),
    );
  });

  it('refuses markup in names and stores SQL-looking text as plain text', async () => {
    const { app } = await buildTestApp();
    const client = createClient(app);
    const html = await client.post(
      '/api/accounts/sign-up',
      signUpBody({ fullName: '<script>alert(1)</script>' }),
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().error.message).toBe('Full name must not contain < or >');
    const htmlCompany = await client.post(
      '/api/accounts/sign-up',
      signUpBody({ company: '<img src=x onerror=alert(1)>' }),
    );
    expect(htmlCompany.json().error.message).toBe('Company name must not contain < or >');

    const sqlName = "Robert'); DROP TABLE users;--";
    const { client: owner } = await signedInClient(app, { company: "O'Brien & Sons; DELETE FROM accounts" });
    const res = await owner.patch('/api/me/profile', { fullName: sqlName });
    expect(res.statusCode).toBe(200);
    const me = (await owner.get('/api/me')).json();
    expect(me.user.fullName).toBe(sqlName);
    expect(me.user.company).toBe("O'Brien & Sons; DELETE FROM accounts");
  });

  it('refuses unknown fields, over-long values and bad emails with clear messages', async () => {
    const { app } = await buildTestApp();
    const client = createClient(app);
    const extra = await client.post('/api/accounts/sign-up', { ...signUpBody(), role: 'admin' });
    expect(extra.statusCode).toBe(400);
    const long = await client.post('/api/accounts/sign-up', signUpBody({ fullName: 'x'.repeat(500) }));
    expect(long.json().error.message).toBe('Full name must be 120 characters or less');
    const badEmail = await client.post('/api/accounts/password-reset/request', { email: "' OR 1=1 --" });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toBe('Please enter a valid email address');
    const longPassword = await client.post(
      '/api/accounts/sign-up',
      signUpBody({ password: 'p'.repeat(200) }),
    );
    expect(longPassword.json().error.message).toBe('Password must be 128 characters or less');
  });

  it('answers a profile update with a wrong type or blank name with a 4xx', async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    expect((await client.patch('/api/me/profile', { fullName: 12 })).statusCode).toBe(400);
    const blank = await client.patch('/api/me/profile', { fullName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Full name is required');
  });
});
