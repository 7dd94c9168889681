import type { Page } from '@playwright/test';
import {
  createConfirmedAccount,
  expect,
  expectAccessible,
  expectNotReloaded,
  expectWaitingForPayment,
  fillSandboxCard,
  markDocument,
  openProviderTab,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

/** Clicks the Premium button and returns the sandbox checkout page that opens in a new tab. */
async function openCheckout(page: Page): Promise<Page> {
  return openProviderTab(page, () => page.getByRole('button', { name: 'Upgrade Now' }).click());
}

test('a free trader upgrades to Premium through the checkout and sees the premium state', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const account = await createConfirmedAccount(page.request, String(baseURL), 'upgrade');
  await page.goto('/subscription');
  await expect(page.getByText('MOST POPULAR')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up & Subscribe' })).toBeVisible();
  await expectAccessible(page);
  await signInThroughDialog(page, account.email, account.password);
  await page.goto('/subscription');

  await markDocument(page);
  const checkout = await openCheckout(page);
  await expectAccessible(checkout);
  const waiting = await expectWaitingForPayment(page);
  await expect(waiting).toContainText('your Premium subscription');
  await fillSandboxCard(checkout, '4242 4242 4242 4242');
  await checkout.getByRole('button', { name: /^Subscribe/ }).click();
  await expect(checkout).toHaveURL(/\/dashboard/);
  // Both tabs say so: the checkout tab it returned to, and the tab that opened it, without a reload.
  await Promise.all([
    expect(checkout.getByText('Subscription activated!')).toBeVisible(),
    expect(page.getByText('Subscription activated!')).toBeVisible({ timeout: 20_000 }),
  ]);
  await expect(waiting).toBeHidden();
  // The success parameter is removed from the address once the toast shows.
  await expect(checkout).not.toHaveURL(/success=true/);
  const status = checkout.getByRole('region', { name: /subscription/i });
  await expect(status.getByText('Active', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(status.getByRole('button', { name: 'Manage Subscription' })).toBeVisible();
  await expectAccessible(checkout);

  await checkout.goto('/subscription');
  await expect(checkout.getByRole('button', { name: "You're subscribed!" })).toBeVisible();
  await checkout.close();

  // The tab that opened the checkout followed it without a reload.
  await expect(page.getByRole('button', { name: "You're subscribed!" })).toBeVisible();
  await expectNotReloaded(page);

  // The customer portal opens in a new tab too; a change made there shows here live.
  await page.goto('/dashboard');
  await markDocument(page);
  const region = page.getByRole('region', { name: /subscription/i });
  await expect(region.getByText(/^Renews on/)).toBeVisible();
  const portal = await openProviderTab(page, () =>
    region.getByRole('button', { name: 'Manage Subscription' }).click(),
  );
  await expect(page.getByText('Customer portal opened in a new tab')).toBeVisible();
  await portal.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(portal.getByText('Ends at period end')).toBeVisible();
  await expect(region.getByText(/^Ends on/)).toBeVisible({ timeout: 15_000 });
  await expect(region.getByText('Premium will not renew.', { exact: false })).toBeVisible();
  await expectNotReloaded(page);
  await portal.close();
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

test('when the browser blocks the new tab, the page offers an "Open checkout" link and stays put', async ({
  page,
  baseURL,
}) => {
  const account = await createConfirmedAccount(page.request, String(baseURL), 'blocked');
  await page.goto('/');
  await signInThroughDialog(page, account.email, account.password);
  await page.goto('/subscription');
  // A pop-up blocker: window.open opens nothing.
  await page.evaluate(() => {
    window.open = () => null;
  });
  await page.getByRole('button', { name: 'Upgrade Now' }).click();
  const blocked = page.getByRole('dialog', { name: 'Open checkout to continue' });
  await expect(blocked).toBeVisible();
  await expect(page).toHaveURL(/\/subscription$/);
  await expectAccessible(page);

  // The link opens the checkout in a new tab; this tab then waits for it and hears of the cancel.
  const checkout = await openProviderTab(page, () =>
    blocked.getByRole('link', { name: 'Open checkout' }).click(),
  );
  const waiting = await expectWaitingForPayment(page);
  await checkout.getByRole('button', { name: 'Cancel and return to Recytrade' }).click();
  await expect(page.getByText('Subscription canceled')).toBeVisible({ timeout: 15_000 });
  await expect(waiting).toBeHidden();
  await expect(page.getByRole('button', { name: 'Upgrade Now' })).toBeVisible();
});
