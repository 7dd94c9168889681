import { API_MESSAGES } from '@app/shared/public-api/public-api.schemas';
import {
  createConfirmedAccount,
  expect,
  expectAccessible,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

test('a trader gets an API key from /api, uses it for a token, and revokes it', async ({ page, baseURL }) => {
  const account = await createConfirmedAccount(page.request, String(baseURL), 'api-key');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await signInThroughDialog(page, account.email, account.password);

  await page.goto('/api');
  await expect(page.getByRole('link', { name: 'View Documentation' })).toHaveAttribute('href', '/api/docs');
  await expect(page.getByRole('link', { name: 'Download SDK' })).toHaveAttribute('href', '/api/sdk');
  await expect(page.getByText('The public API is being prepared')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Get API Key' }).click();

  await expect(page).toHaveURL(/\/account\?tab=api-keys$/);
  await expect(page.getByRole('tab', { name: 'API Keys' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();
  await expectAccessible(page);

  // The name is validated with the shared schema before anything is sent.
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  await expect(dialog.getByText(API_MESSAGES.nameRequired)).toBeVisible();
  await dialog.getByLabel('Key name').fill('ERP sync');
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  await expect(page.getByText(API_MESSAGES.keyCreated)).toBeVisible();

  // The secret is shown once, with the warning, and copies to the clipboard.
  await expect(dialog.getByText('it will not be shown again')).toBeVisible();
  const secret = ((await dialog.getByTestId('api-key-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^rtk_/);
  await expect(dialog.getByText(`"apiKey": "${secret}"`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = page.getByRole('row', { name: /ERP sync/ });
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText('Never used');
  await expect(row).toContainText('Active');

  // The key works: exchange it for a token and verify the token. page.request carries the browser's
  // session cookie, so it sends the app's Origin like the other journeys (a real client has no cookie).
  const asClient = { origin: String(baseURL) };
  const exchange = await page.request.post('/api/v1/auth/token', {
    headers: asClient,
    data: { apiKey: secret },
  });
  expect(exchange.status()).toBe(200);
  const { accessToken } = (await exchange.json()) as { accessToken: string };
  const bearer = { authorization: `Bearer ${accessToken}` };
  const verify = await page.request.get('/api/v1/auth/verify', { headers: bearer });
  expect(verify.status()).toBe(200);
  expect(((await verify.json()) as { user: { email: string } }).user.email).toBe(account.email);
  await page.reload();
  await expect(row).toContainText('Just now');

  // Revoking asks first, then the key and its token stop working.
  await row.getByRole('button', { name: 'Revoke ERP sync' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('This cannot be undone.');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Revoke Key' }).click();
  await expect(page.getByText(API_MESSAGES.keyRevoked)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

  const refused = await page.request.post('/api/v1/auth/token', {
    headers: asClient,
    data: { apiKey: secret },
  });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    API_MESSAGES.invalidKey,
  );
  expect((await page.request.get('/api/v1/auth/verify', { headers: bearer })).status()).toBe(401);

  // On a phone the keys are cards instead of a table.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('list', { name: 'API keys' }).getByRole('listitem');
  await expect(card).toContainText('ERP sync');
  await expect(card).toContainText('Revoked');
  await expectAccessible(page);
});

test('a visitor pressing Get API Key signs in and lands on the API Keys tab', async ({ page, baseURL }) => {
  const account = await createConfirmedAccount(page.request, String(baseURL), 'api-visitor');
  await page.goto('/api');
  await page.getByRole('button', { name: 'Get API Key' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Join Recytrade' })).toBeVisible();
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(page).toHaveURL(/\/account\?tab=api-keys$/);
  await expect(page.getByRole('heading', { name: 'API Keys', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create API key' })).toBeVisible();
});
