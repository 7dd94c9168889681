import {
  createConfirmedAccount,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  signInByApi,
  signInThroughDialog,
  test,
  uniqueEmail,
} from './support/fixtures.ts';

test('an admin sees a failed sign-in, ends a trader session and finds the action in the audit log', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const origin = String(baseURL);
  const trader = await createConfirmedAccount(request, origin, 'session');
  // The trader signs in from another browser; a stranger mistypes a password.
  const traderContext = await browser.newContext({ baseURL: origin });
  await signInByApi(traderContext.request, origin, trader.email, trader.password);
  expect((await (await traderContext.request.get('/api/me')).json()).user.email).toBe(trader.email);
  const mistyped = uniqueEmail('mistyped');
  const failed = await request.post('/api/accounts/sign-in', {
    headers: { origin },
    data: { email: mistyped, password: 'not-the-password-1' },
  });
  expect(failed.ok()).toBe(false);

  await page.goto('/');
  await signInThroughDialog(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/admin/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security Settings' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: mistyped })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Authentication requests' })).toContainText(
    '1000 per minute',
  );
  await expectAccessible(page);

  // End the trader's session after confirming.
  await page.getByRole('button', { name: `End session of ${trader.email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'End this session?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'End Session' }).click();
  await expect(page.getByText('Session ended', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `End session of ${trader.email}` })).toHaveCount(0);
  expect((await (await traderContext.request.get('/api/me')).json()).user).toBeNull();

  // The audit log shows who ended it.
  const entry = page.getByRole('row').filter({ hasText: 'session.end' }).first();
  await expect(entry).toContainText(DEMO_ADMIN);
  await expectAccessible(page);

  // On a phone the sections become cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(mistyped).last()).toBeVisible();
  await expectAccessible(page);
  await traderContext.close();
});

test("an admin revokes a trader's leaked API key from /admin/security, and its token stops working", async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const origin = String(baseURL);
  const trader = await createConfirmedAccount(request, origin, 'apikeyowner');
  const traderContext = await browser.newContext({ baseURL: origin });
  await signInByApi(traderContext.request, origin, trader.email, trader.password);
  const created = await traderContext.request.post('/api/me/api-keys', {
    headers: { origin },
    data: { name: 'Yard system' },
  });
  expect(created.status()).toBe(201);
  const { secret } = (await created.json()) as { secret: string };
  // A plain API client, no cookies: the key becomes a token.
  const client = await browser.newContext({ baseURL: origin });
  const token = (await (await client.request.post('/api/v1/auth/token', { data: { apiKey: secret } })).json())
    .accessToken as string;
  const verify = () =>
    client.request.get('/api/v1/auth/verify', { headers: { authorization: `Bearer ${token}` } });
  expect((await verify()).status()).toBe(200);

  await page.goto('/');
  await signInThroughDialog(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/admin/security');
  const row = page.getByRole('row').filter({ hasText: trader.email }).filter({ hasText: 'Yard system' });
  await expect(row).toContainText('Active');
  await expect(page.getByRole('row').filter({ hasText: 'Public API requests' })).toContainText('per minute');
  await expectAccessible(page);

  await row.getByRole('button', { name: `Revoke Yard system of ${trader.email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke this API key?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Revoke Key' }).click();
  await expect(page.getByText('API key revoked', { exact: true })).toBeVisible();
  await expect(row).toContainText('Revoked');
  expect((await verify()).status()).toBe(401);
  await expect(page.getByRole('row').filter({ hasText: 'api_key.revoke' }).first()).toContainText(DEMO_ADMIN);
  await traderContext.close();
  await client.close();
});
