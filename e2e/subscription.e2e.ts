import type { Page } from '@playwright/test';
import {
  createConfirmedAccount,
  expect,
  expectAccessible,
  fillSandboxCard,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

/** Clicks the Premium button and returns the sandbox checkout page that opens in a new tab. */
async function openCheckout(page: Page): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Upgrade Now' }).click();
  const checkout = await popup;
  await checkout.waitForLoadState();
  await expect(checkout.getByRole('heading', { level: 1 })).toBeVisible();
  return checkout;
}

test('a free trader upgrades to Premium through the checkout and sees the premium state', async ({
  page,
  baseURL,
}) => {
  const account = await createConfirmedAccount(page.request, String(baseURL), 'upgrade');
  await page.goto('/subscription');
  await expect(page.getByText('MOST POPULAR')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up & Subscribe' })).toBeVisible();
  await expectAccessible(page);
  await signInThroughDialog(page, account.email, account.password);
  await page.goto('/subscription');

  const checkout = await openCheckout(page);
  await expectAccessible(checkout);
  await fillSandboxCard(checkout, '4242 4242 4242 4242');
  await checkout.getByRole('button', { name: /^Subscribe/ }).click();
  await expect(checkout).toHaveURL(/\/dashboard/);
  await expect(checkout.getByText('Subscription activated!')).toBeVisible();
  // The success parameter is removed from the address once the toast shows.
  await expect(checkout).not.toHaveURL(/success=true/);
  const status = checkout.getByRole('region', { name: /subscription/i });
  await expect(status.getByText('Active', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(status.getByRole('button', { name: 'Manage Subscription' })).toBeVisible();
  await expectAccessible(checkout);

  await checkout.goto('/subscription');
  await expect(checkout.getByRole('button', { name: "You're subscribed!" })).toBeVisible();
});

test('a declined card shows the failure and leaves the trader on the free plan', async ({
  page,
  baseURL,
}) => {
  const account = await createConfirmedAccount(page.request, String(baseURL), 'declined');
  await page.goto('/');
  await signInThroughDialog(page, account.email, account.password);
  await page.goto('/subscription');

  const checkout = await openCheckout(page);
  await fillSandboxCard(checkout, '4000 0000 0000 0002');
  await checkout.getByRole('button', { name: /^Subscribe/ }).click();
  await expect(checkout.getByText(/Your card was declined/)).toBeVisible();
  await checkout.getByRole('button', { name: 'Cancel and return to Recytrade' }).click();
  await expect(checkout).toHaveURL(/\/dashboard/);
  await expect(checkout.getByText('Subscription canceled')).toBeVisible();

  const status = checkout.getByRole('region', { name: /subscription/i });
  await expect(status.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(status.getByRole('button', { name: /Subscribe Now/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Upgrade Now' })).toBeVisible();
});
