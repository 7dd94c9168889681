import type { APIRequestContext } from '@playwright/test';
import { requestVerificationByApi } from './support/company-verification.ts';
import {
  type Account,
  createConfirmedAccount,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  signInThroughDialog,
  test,
  waitForEmail,
} from './support/fixtures.ts';

const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A fresh trader, signed in on the request context, who creates one (pending) company through the API. */
async function ownerWithCompany(request: APIRequestContext, baseURL: string, prefix: string) {
  const owner: Account = await createConfirmedAccount(request, baseURL, prefix);
  const headers = { origin: baseURL };
  const signIn = await request.post('/api/accounts/sign-in', {
    headers,
    data: { email: owner.email, password: owner.password },
  });
  expect(signIn.ok()).toBe(true);
  const companyName = uniqueName(`${owner.company} ${prefix}`);
  const res = await request.post('/api/companies', {
    headers,
    data: {
      companyName,
      contactEmail: `sales.${owner.email}`,
      companyType: 'seller',
      materials: ['Metals', 'Plastics'],
      sector: 'Metal Recycling',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const company = (await res.json()) as { id: string; verified: boolean };
  expect(company.verified).toBe(false);
  // An administrator verifies a company with its registration document and tax id.
  await requestVerificationByApi(request, baseURL, company.id);
  return { owner, companyName };
}

test('an admin verifies a pending company and removes another with a reason; the owners are emailed', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const verified = await ownerWithCompany(request, String(baseURL), 'verify');
  const removed = await ownerWithCompany(request, String(baseURL), 'remove');

  await page.goto('/');
  await signInThroughDialog(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/admin/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Company Management' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');

  const rowOf = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  const pendingRow = rowOf(verified.companyName);
  await expect(pendingRow).toBeVisible();
  await expect(pendingRow.getByText('Pending Verification')).toBeVisible();
  await expect(pendingRow.getByText('Active in Directory')).toBeVisible();
  await expect(pendingRow.getByText(verified.owner.email, { exact: true })).toBeVisible();
  await expect(pendingRow.getByText('Metals, Plastics')).toBeVisible();
  await expectAccessible(page);

  // Verify: the company leaves the pending queue and shows under Verified with who verified it.
  await page.getByRole('button', { name: `Verify ${verified.companyName}` }).click();
  await expect(page.getByText('Company verified successfully.')).toBeVisible();
  await expect(rowOf(verified.companyName)).toBeHidden();
  await page.getByRole('tab', { name: 'Verified' }).click();
  await expect(page).toHaveURL(/status=verified/);
  const verifiedRow = rowOf(verified.companyName);
  await expect(verifiedRow.getByText('Verified', { exact: true })).toBeVisible();
  await expect(verifiedRow.getByText('Active in Directory')).toBeVisible();
  await expect(verifiedRow.getByText(DEMO_ADMIN)).toBeVisible();
  await expect(verifiedRow.getByRole('button', { name: /^Verify / })).toHaveCount(0);
  await expectAccessible(page);
  const verifiedEmail = await waitForEmail(request, verified.owner.email, 'company-verified');
  expect(verifiedEmail.text).toContain(verified.companyName);

  // Remove: the reason is required, then the company disappears and the owner receives the reason.
  await page.getByRole('tab', { name: 'Pending' }).click();
  await page.getByRole('button', { name: `Remove ${removed.companyName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove company' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Remove Company' }).click();
  await expect(dialog.getByText('Please provide a reason for removal.')).toBeVisible();
  await expect(dialog.getByLabel('Reason for removal')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  const reason = 'The company profile lists materials the business does not trade.';
  await dialog.getByLabel('Reason for removal').fill(reason);
  await dialog.getByRole('button', { name: 'Remove Company' }).click();
  await expect(page.getByText('Company removed successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowOf(removed.companyName)).toBeHidden();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(rowOf(verified.companyName)).toBeVisible();
  await expect(rowOf(removed.companyName)).toHaveCount(0);

  const removalEmail = await waitForEmail(request, removed.owner.email, 'company-removed');
  expect(removalEmail.text).toContain(reason);
  expect(removalEmail.text).toContain(removed.companyName);
});

test('on a phone the companies are stacked cards with the same actions', async ({
  page,
  request,
  baseURL,
}) => {
  const { companyName } = await ownerWithCompany(request, String(baseURL), 'phone');
  await page.goto('/');
  await signInThroughDialog(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/companies');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: companyName }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Active in Directory')).toBeVisible();
  await expect(card.getByRole('button', { name: `Verify ${companyName}` })).toBeVisible();
  await expect(card.getByRole('button', { name: `Remove ${companyName}` })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});

test('a trader who opens the company screen sees Access Denied and is sent home', async ({
  page,
  request,
  baseURL,
}) => {
  const trader = await createConfirmedAccount(request, String(baseURL), 'not-admin');
  await page.goto('/');
  await signInThroughDialog(page, trader.email, trader.password);
  await page.goto('/admin/companies');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Company Management' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/, { timeout: 6000 });
});
