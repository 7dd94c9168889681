import type { APIRequestContext, Page } from '@playwright/test';
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  DEMO_TRADER,
  expect,
  expectAccessible,
  signedInPage,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

// These journeys flip platform-wide switches, so they run one after another (and, through the
// 'platform-switches' project, after every other journey).
test.describe.configure({ mode: 'serial' });

const MAINTENANCE_TEXT =
  "Recytrade is down for scheduled maintenance. We'll be back shortly; thank you for your patience.";

/** Puts a setting back through the API, whatever happened in the journey. */
async function restoreSettings(request: APIRequestContext, baseURL: string, body: Record<string, unknown>) {
  const res = await request.patch('/api/admin/settings', { headers: { origin: baseURL }, data: body });
  expect(res.ok(), await res.text()).toBe(true);
}

async function openSystemSettings(page: Page) {
  await page.goto('/admin/system');
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
}

test('an admin changes the commission rate, and it is still there after a reload', async ({
  page,
  baseURL,
}) => {
  const origin = String(baseURL);
  await page.goto('/');
  await signInThroughDialog(page, DEMO_ADMIN, DEMO_PASSWORD);
  try {
    await openSystemSettings(page);
    const main = page.getByRole('main');
    for (const card of ['Platform', 'Payment', 'Email', 'Database']) {
      await expect(main.getByRole('heading', { level: 2, name: card, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('switch', { name: 'Maintenance Mode' })).not.toBeChecked();
    await expect(page.getByLabel('Platform Name')).toHaveValue('Recytrade');
    await expect(page.getByLabel('SMTP Port')).toHaveValue('587');
    await expect(page.getByText('Connected', { exact: true })).toBeVisible();
    await expectAccessible(page);

    const rate = page.getByLabel('Default Commission Rate (%)');
    await expect(rate).toHaveValue('3');
    await expect(page.getByText('Applies to new deals only', { exact: false })).toBeVisible();

    // A field error shows next to the field, and nothing is saved.
    await rate.fill('120');
    await page.getByRole('button', { name: 'Save Payment Settings' }).click();
    await expect(page.getByText('The commission rate must be between 0 and 100')).toBeVisible();
    await expect(rate).toHaveAttribute('aria-invalid', 'true');

    await rate.fill('3.5');
    await page.getByRole('button', { name: 'Save Payment Settings' }).click();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
    const pricing = await (await page.request.get('/api/settings/pricing')).json();
    expect(pricing.commissionRateBps).toBe(350);

    await page.reload();
    await expect(page.getByLabel('Default Commission Rate (%)')).toHaveValue('3.5');
    await expectAccessible(page);

    await page.getByLabel('Default Commission Rate (%)').fill('3');
    await page.getByRole('button', { name: 'Save Payment Settings' }).click();
    await expect(page.getByText('Settings saved', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Payment Settings' })).toBeDisabled();

    // The claim windows: the buyer's days after delivery, and the seller's days to answer.
    const claimWindow = page.getByLabel('Claim Window (days)');
    await expect(claimWindow).toHaveValue('2');
    await expect(page.getByLabel("Seller's Answer Window (days)")).toHaveValue('3');
    await claimWindow.fill('7');
    await page.getByRole('button', { name: 'Save Payment Settings' }).click();
    await expect(page.getByText('The claim window must be between 1 and 6 days')).toBeVisible();
    await claimWindow.fill('4');
    await page.getByRole('button', { name: 'Save Payment Settings' }).click();
    await expect(page.getByText('Settings saved', { exact: true }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Claim Window (days)')).toHaveValue('4');

    // On a phone the cards stack into one column.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('button', { name: 'Save Platform Settings' })).toBeVisible();
    await expectAccessible(page);
  } finally {
    await restoreSettings(page.request, origin, {
      'fees.commission_rate_bps': 300,
      'deals.claim_window_days': 2,
    });
  }
});

test('a trader who opens /admin/system sees Access Denied and stays there', async ({ page }) => {
  await page.goto('/');
  await signInThroughDialog(page, DEMO_TRADER, DEMO_PASSWORD);
  await page.goto('/admin/system');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  // Other admin screens send non-admins away after 3 s; this one does not.
  await page.waitForTimeout(3500);
  await expect(page).toHaveURL(/\/admin\/system$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expectAccessible(page);
});

test('an admin turns maintenance mode on: traders and visitors see the maintenance page, the admin keeps working', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = String(baseURL);
  const trader = await signedInPage(browser, origin, DEMO_TRADER, DEMO_PASSWORD);
  const visitorContext = await browser.newContext({ baseURL: origin });
  const visitor = await visitorContext.newPage();
  await page.goto('/');
  await signInThroughDialog(page, DEMO_ADMIN, DEMO_PASSWORD);
  try {
    await openSystemSettings(page);
    await page.getByRole('switch', { name: 'Maintenance Mode' }).click();
    await page.getByRole('button', { name: 'Save Platform Settings' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Turn on maintenance mode?' });
    await expect(confirm).toContainText('Visitors and traders will see the maintenance page');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Turn On Maintenance Mode' }).click();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Maintenance mode is on — only administrators can use Recytrade'),
    ).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Maintenance Mode' })).toBeChecked();

    // The signed-in trader, on any page.
    for (const path of ['/', '/marketplace']) {
      await trader.goto(path);
      await expect(trader.getByRole('heading', { level: 1, name: 'Down for maintenance' })).toBeVisible();
      await expect(trader.getByText(MAINTENANCE_TEXT)).toBeVisible();
      await expect(trader.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    }
    await expect(trader.getByText(`You are signed in as ${DEMO_TRADER}.`)).toBeVisible();
    await expectAccessible(trader);
    // The server refuses the trader's API calls too, not just the screen.
    const refused = await trader.request.get('/api/listings');
    expect(refused.status()).toBe(503);
    expect((await refused.json()).error.code).toBe('MAINTENANCE');

    // A visitor sees it too, and can sign in as an administrator from it.
    await visitor.goto('/marketplace');
    await expect(visitor.getByText(MAINTENANCE_TEXT)).toBeVisible();
    await expectAccessible(visitor);
    await visitor.getByRole('button', { name: 'Administrator Sign In' }).click();
    const dialog = visitor.getByRole('dialog');
    await dialog.getByLabel('Email').fill(DEMO_ADMIN);
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(visitor.getByRole('navigation', { name: 'Main' }).first()).toBeVisible();
    await expect(
      visitor.getByText('Maintenance mode is on — only administrators can use Recytrade'),
    ).toBeVisible();

    // The admin still uses the admin area.
    await page.getByRole('link', { name: 'Open System Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/system$/);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expectAccessible(page);

    // Turning it off needs no confirmation, and the trader is back.
    await openSystemSettings(page);
    await page.getByRole('switch', { name: 'Maintenance Mode' }).click();
    await page.getByRole('button', { name: 'Save Platform Settings' }).click();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Maintenance mode is on — only administrators can use Recytrade'),
    ).toBeHidden();
    await trader.goto('/marketplace');
    await expect(trader.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
    await expectAccessible(trader);
  } finally {
    await restoreSettings(page.request, origin, { 'platform.maintenance_mode': false });
    await trader.context().close();
    await visitorContext.close();
  }
});

test('with registrations and new listings closed, sign-up and the create-listing form say so', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = String(baseURL);
  const trader = await signedInPage(browser, origin, DEMO_TRADER, DEMO_PASSWORD);
  await page.goto('/');
  await signInThroughDialog(page, DEMO_ADMIN, DEMO_PASSWORD);
  try {
    await openSystemSettings(page);
    await page.getByRole('switch', { name: 'New Registrations' }).click();
    await page.getByRole('switch', { name: 'New Listings' }).click();
    await page.getByRole('button', { name: 'Save Platform Settings' }).click();
    await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();

    // A visitor finds the notice instead of the sign-up form; signing in stays available.
    const visitorContext = await browser.newContext({ baseURL: origin });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Login' }).first().click();
    const dialog = visitor.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(
      dialog.getByText('New registrations are currently closed. Please check back later.'),
    ).toBeVisible();
    await expect(dialog.getByLabel('Company Name')).toHaveCount(0);
    await expectAccessible(visitor);
    await dialog.getByRole('button', { name: 'I already have an account' }).click();
    await expect(dialog.getByLabel('Email')).toBeVisible();
    await visitorContext.close();

    // The trader's create-listing form explains why it cannot be sent.
    await trader.goto('/dashboard');
    await trader.getByRole('button', { name: 'Create Listing' }).first().click();
    const form = trader.getByRole('dialog', { name: 'Create Listing' });
    await expect(
      form.getByText('New listings are temporarily disabled. Please try again later.'),
    ).toBeVisible();
    await expect(form.getByRole('button', { name: 'Listings Closed' })).toBeDisabled();
    await expectAccessible(trader);
  } finally {
    await restoreSettings(page.request, origin, {
      'platform.registrations_open': true,
      'platform.new_listings_open': true,
    });
    await trader.context().close();
  }
});
