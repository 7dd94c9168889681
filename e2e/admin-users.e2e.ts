import type { Browser, Page } from '@playwright/test';
import {
  createConfirmedAccount,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

/** A fresh browser context, so the trader's attempt does not share the admin's cookie. */
async function traderPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  return page;
}

async function trySignIn(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Sign In' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('an admin adds and removes an admin, suspends a trader who then cannot sign in, and reinstates them', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const colleague = await createConfirmedAccount(request, String(baseURL), 'colleague');
  const trader = await createConfirmedAccount(request, String(baseURL), 'suspended');

  await page.goto('/');
  await signInThroughDialog(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Admins' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(DEMO_ADMIN)).toBeVisible();
  await expectAccessible(page);

  // Add an admin: a blank email is refused inline, then the colleague joins the list.
  await page.getByRole('button', { name: 'Add Admin' }).click();
  await expect(page.getByText('Please enter an email address')).toBeVisible();
  await page.getByLabel('Email address').fill(colleague.email);
  await page.getByRole('button', { name: 'Add Admin' }).click();
  await expect(page.getByText('Admin added successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove admin ${colleague.email}` })).toBeVisible();
  await expectAccessible(page);

  // Remove the admin after confirming.
  await page.getByRole('button', { name: `Remove admin ${colleague.email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove admin' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Remove Admin' }).click();
  await expect(page.getByText('Admin removed successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove admin ${colleague.email}` })).toHaveCount(0);

  // All Users: find the trader and suspend them with a reason.
  await page.getByRole('tab', { name: 'All Users' }).click();
  await page.getByLabel('Search users by email, name or company').fill(trader.email);
  const row = page.getByRole('row').filter({ hasText: trader.email });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await row.getByRole('button', { name: `Suspend ${trader.email}` }).click();
  const reasonDialog = page.getByRole('dialog', { name: 'Suspend user' });
  await reasonDialog.getByRole('button', { name: 'Suspend User' }).click();
  await expect(reasonDialog.getByText('Please provide a reason for the suspension.')).toBeVisible();
  const reason = 'Listings copied from another trader.';
  await reasonDialog.getByLabel('Reason for suspension').fill(reason);
  await reasonDialog.getByRole('button', { name: 'Suspend User' }).click();
  await expect(page.getByText('User suspended successfully')).toBeVisible();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();

  // The suspended trader cannot sign in.
  const traderTab = await traderPage(browser, String(baseURL));
  await trySignIn(traderTab, trader.email, trader.password);
  await expect(traderTab.getByText('This account is suspended. Contact support.')).toBeVisible();

  // Suspended tab: the trader with the reason; Reinstate.
  await page.getByRole('tab', { name: 'Suspended' }).click();
  const suspendedRow = page.getByRole('row').filter({ hasText: trader.email });
  await expect(suspendedRow.getByText(reason)).toBeVisible();
  await expectAccessible(page);
  await suspendedRow.getByRole('button', { name: `Reinstate ${trader.email}` }).click();
  await expect(page.getByText('User reinstated successfully')).toBeVisible();
  await expect(page.getByText('No suspended users')).toBeVisible();

  // Reinstated, the trader signs in again: their first sign-in that went through greets "Welcome!".
  await traderTab.getByRole('dialog').getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(traderTab.getByText('Welcome!', { exact: true })).toBeVisible();
  await traderTab.context().close();
});
