import { requestVerificationByApi } from './support/company-verification.ts';
import {
  createConfirmedAccount,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

test.describe.configure({ mode: 'parallel' });

const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a new trader dismisses the company prompt, creates a company in three steps, edits it, sees it pending, and an admin verifies it', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three steps twice, five accessibility checks and a second browser for the administrator.
  test.setTimeout(120_000);
  const account = await createConfirmedAccount(page.request, String(baseURL), 'wizard');
  await page.goto('/');
  await signInThroughDialog(page, account.email, account.password);

  // The prompt shows for a user without a company, and stays closed once dismissed.
  await page.goto('/dashboard');
  const prompt = page.getByRole('region', { name: 'Create Your Company Profile' });
  await expect(prompt).toBeVisible();
  await expectAccessible(page);
  await prompt.getByRole('button', { name: 'Dismiss company profile prompt' }).click();
  await expect(prompt).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Subscription Status' })).toBeVisible();
  await expect(prompt).toBeHidden();

  // Step 1: the wizard starts from the sign-up profile: company name (and, on step 2, the sector).
  // Next waits for a name, a valid email (prefilled) and a type (buyer by default).
  await page.goto('/profile?tab=companies&add=true');
  const wizard = page.getByRole('form', { name: 'Company profile' });
  await expect(wizard.getByRole('heading', { name: 'Basic Info' })).toBeVisible();
  const next = wizard.getByRole('button', { name: 'Next' });
  await expect(wizard.getByLabel('Company Name')).toHaveValue(account.company);
  await expect(wizard.getByLabel('Contact Email')).toHaveValue(account.email);
  await expect(wizard.getByRole('radio', { name: /^Buyer You buy/ })).toBeChecked();
  await expect(next).toBeEnabled();
  await wizard.getByLabel('Company Name').fill('');
  await expect(next).toBeDisabled();
  const name = uniqueName('Lee Scrap Co');
  await wizard.getByLabel('Company Name').fill(name);
  await expect(next).toBeEnabled();
  await wizard.getByLabel('Contact Email').fill('sales@lee-scrap');
  await wizard.getByLabel('Contact Email').blur();
  await expect(wizard.getByText('Please enter a valid email address')).toBeVisible();
  await expect(next).toBeDisabled();
  await wizard.getByLabel('Contact Email').fill('sales@lee-scrap.test');
  await expect(wizard.getByText('Please enter a valid email address')).toBeHidden();
  await wizard.getByRole('radio', { name: /^Buyer & Seller/ }).check();
  await expectAccessible(page);
  await next.click();

  // Step 2: at least one material.
  await expect(wizard.getByRole('heading', { name: 'Materials & Sector' })).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(wizard.getByLabel('Sector')).toHaveValue('Metal Recycling');
  await wizard.getByRole('checkbox', { name: 'Metals' }).check();
  await wizard.getByRole('checkbox', { name: 'Electronics' }).check();
  await expect(next).toBeEnabled();
  await wizard.getByLabel('Sector').selectOption('Metal Recycling');
  await expectAccessible(page);
  // Back keeps what was entered.
  await wizard.getByRole('button', { name: 'Back' }).click();
  await expect(wizard.getByLabel('Company Name')).toHaveValue(name);
  await next.click();
  await expect(wizard.getByRole('checkbox', { name: 'Metals' })).toBeChecked();
  await next.click();

  // Step 3: optional details, then the only submit.
  await expect(wizard.getByRole('heading', { name: 'Additional Details' })).toBeVisible();
  await wizard.getByLabel('Description').fill('Ferrous and non-ferrous scrap, baled and sorted.');
  await wizard.getByLabel('Phone').fill('+31 10 555 0100');
  await wizard.getByLabel('Website').fill('lee-scrap.test');
  await expectAccessible(page);
  await wizard.getByRole('button', { name: 'Create Company' }).click();
  await expect(
    page.getByText('Company profile created successfully! It will be reviewed by our admin team.'),
  ).toBeVisible();
  await expect(wizard).toBeHidden();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(item.getByText('Pending Verification')).toBeVisible();
  await expect(item.getByText('Buyer & Seller')).toBeVisible();
  await expect(item.getByText('Metal Recycling')).toBeVisible();
  await expect(item.getByRole('link', { name: `View public page of ${name}` })).toBeVisible();
  await expectAccessible(page);

  // Edit: the wizard opens prefilled.
  await item.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(wizard.getByLabel('Company Name')).toHaveValue(name);
  await expect(wizard.getByLabel('Contact Email')).toHaveValue('sales@lee-scrap.test');
  await expect(wizard.getByRole('radio', { name: /^Buyer & Seller/ })).toBeChecked();
  const renamed = `${name} Ltd`;
  await wizard.getByLabel('Company Name').fill(renamed);
  await next.click();
  await expect(wizard.getByRole('checkbox', { name: 'Metals' })).toBeChecked();
  await expect(wizard.getByLabel('Sector')).toHaveValue('Metal Recycling');
  await next.click();
  await expect(wizard.getByLabel('Description')).toHaveValue(
    'Ferrous and non-ferrous scrap, baled and sorted.',
  );
  await wizard.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Company profile updated.')).toBeVisible();
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();

  // The dashboard now counts the company as pending.
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Your Company Profiles' });
  await expect(banner.getByRole('definition').nth(1)).toHaveText('1');
  await expect(banner.getByText('Pending')).toBeVisible();
  await expect(banner.getByRole('definition').nth(0)).toHaveText('0');
  await expect(banner.getByRole('link', { name: 'Manage' })).toHaveAttribute(
    'href',
    '/profile?tab=companies',
  );
  await expect(banner.getByRole('link', { name: 'Add Company' })).toHaveAttribute(
    'href',
    '/profile?tab=companies&add=true',
  );
  await expectAccessible(page);

  // The trader asks for verification with a registration document (through the API: the verification
  // journey covers the form), then an administrator verifies it in another browser; the trader then
  // finds it Verified in the directory.
  const mine = (await (await page.request.get('/api/me/companies')).json()) as {
    items: { id: string; companyName: string }[];
  };
  const own = mine.items.find((c) => c.companyName === renamed);
  if (!own) throw new Error('The renamed company is missing from the trader’s companies');
  await requestVerificationByApi(page.request, String(baseURL), own.id);
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await admin.goto('/');
  await signInThroughDialog(admin, DEMO_ADMIN, DEMO_PASSWORD);
  await admin.goto('/admin/companies');
  await admin.getByRole('button', { name: `Verify ${renamed}` }).click();
  await expect(admin.getByText('Company verified successfully.')).toBeVisible();
  await adminContext.close();

  await page.goto(`/company-directory?q=${encodeURIComponent(renamed)}`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: renamed }) });
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await page.goto('/profile?tab=companies');
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: renamed }) })
      .getByText('Verified', { exact: true }),
  ).toBeVisible();
});

test('the account page lists the trader’s company and deletes it after confirmation', async ({
  page,
  baseURL,
}) => {
  const account = await createConfirmedAccount(page.request, String(baseURL), 'companies');
  await page.goto('/');
  await signInThroughDialog(page, account.email, account.password);
  const name = uniqueName('Northside Paper');
  const created = await page.request.post('/api/companies', {
    headers: { origin: String(baseURL) },
    data: {
      companyName: name,
      contactEmail: account.email,
      companyType: 'seller',
      materials: ['Paper'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/account?tab=companies');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(item.getByText('Pending Verification')).toBeVisible();
  await expect(item.getByText('Seller', { exact: true })).toBeVisible();
  await expect(item.getByText('Paper', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // On a phone the list fits the screen without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(item.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await item.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete company' });
  await expect(confirm.getByText(`Are you sure you want to delete "${name}"?`)).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(item).toBeVisible();

  await item.getByRole('button', { name: `Delete ${name}` }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Company deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No companies yet' })).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeHidden();
  // axe reads the page once the confirmation has finished closing (its fading overlay is not the page).
  await expect(confirm).toBeHidden();
  await expectAccessible(page);
});
