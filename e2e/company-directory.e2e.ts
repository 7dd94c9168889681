import type { APIRequestContext, Page } from '@playwright/test';
import {
  createConfirmedAccount,
  expect,
  expectAccessible,
  signInByApi,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

/** The company cards of the directory (each one's name is its h2). */
const companyCards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });

const companyCard = (page: Page, name: string) =>
  companyCards(page).filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function createCompanyByApi(request: APIRequestContext, baseURL: string, companyName: string) {
  const res = await request.post('/api/companies', {
    headers: { origin: baseURL },
    data: {
      companyName,
      contactEmail: 'sales@cullet-works.test',
      companyType: 'seller',
      materials: ['Glass', 'Wood'],
      sector: 'Glass Recycling',
      description: 'Crushed and colour-sorted cullet for container and fibreglass plants.',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

test('a visitor filters and searches the directory, then opens a company page with its listings', async ({
  page,
}) => {
  await page.goto('/company-directory');
  await expect(page.getByRole('heading', { level: 1, name: 'Company Directory' })).toBeVisible();
  await expect(page.getByText('Sign In to Message')).toBeVisible();
  for (const name of ['GreenLoop Metals', 'PolyCycle GmbH', 'Kaveri Fibres', 'NordPapir AS'])
    await expect(companyCard(page, name)).toBeVisible();
  await expect(page.getByText(/^Showing \d+ of \d+ companies$/)).toBeVisible();
  await expect(companyCard(page, 'GreenLoop Metals').getByText('Verified')).toBeVisible();
  await expectAccessible(page);

  // One material: only companies trading it remain, and the address bar carries the filter.
  await page.getByRole('button', { name: 'Textiles', exact: true }).click();
  await expect(page).toHaveURL(/materials=Textiles/);
  await expect(companyCard(page, 'Kaveri Fibres')).toBeVisible();
  await expect(companyCard(page, 'GreenLoop Metals')).toHaveCount(0);
  for (const card of await companyCards(page).all())
    await expect(card.getByText('Textiles', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(companyCard(page, 'GreenLoop Metals')).toBeVisible();

  // One sector.
  await page.getByLabel('Sector').selectOption('Paper & Cardboard Recycling');
  await expect(companyCard(page, 'NordPapir AS')).toBeVisible();
  await expect(companyCard(page, 'PolyCycle GmbH')).toHaveCount(0);
  for (const card of await companyCards(page).all())
    await expect(card.getByText('Paper & Cardboard Recycling')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // A word from one description, then nonsense.
  await page.getByLabel('Search companies').fill('regranulation');
  await expect(page).toHaveURL(/q=regranulation/);
  await expect(companyCard(page, 'PolyCycle GmbH')).toBeVisible();
  await expect(companyCards(page)).toHaveCount(1);
  await page.getByLabel('Search companies').fill('zzqxvv-nothing-like-this');
  await expect(page.getByRole('heading', { name: 'No companies found' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page.getByLabel('Search companies')).toHaveValue('');
  await expect(companyCard(page, 'Kaveri Fibres')).toBeVisible();

  // A visitor's Message opens the sign-in dialog.
  await companyCard(page, 'Kaveri Fibres').getByRole('button', { name: 'Message Kaveri Fibres' }).click();
  await expect(page.getByRole('dialog', { name: 'Join Recytrade' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The company page: details, contact block and the owner's active listings.
  await companyCard(page, 'Kaveri Fibres').getByRole('link', { name: 'Kaveri Fibres' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kaveri Fibres' })).toBeVisible();
  await expect(page).toHaveTitle(/^Kaveri Fibres/);
  await expect(page.getByRole('link', { name: 'sales@kaveri-fibres.test' })).toHaveAttribute(
    'href',
    'mailto:sales@kaveri-fibres.test',
  );
  await expect(
    page.getByRole('link', { name: /kaveri-fibres\.test \(opens in a new tab\)/ }),
  ).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('heading', { level: 2, name: 'Active listings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cotton cutting waste, white' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Back to Directory' }).click();
  await expect(page).toHaveURL(/\/company-directory$/);

  await page.goto('/companies/no-such-company');
  await expect(page.getByRole('heading', { level: 1, name: 'Company not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the Directory' })).toBeVisible();

  // The short address shows the same page.
  await page.goto('/directory');
  await expect(page.getByRole('heading', { level: 1, name: 'Company Directory' })).toBeVisible();
  await expect(companyCards(page).first()).toBeVisible();
});

test('a company created elsewhere appears in an open directory without a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/company-directory');
  // Any first page will do: journeys running alongside add companies, newest first.
  await expect(page.getByText(/^Showing \d+ of \d+ companies$/)).toBeVisible();
  await expect(companyCards(page).first()).toBeVisible();

  // Debug All: the live socket is open, so the 10 s polling is off.
  await page.getByRole('button', { name: 'Debug All' }).click();
  const panel = page.getByRole('main').locator('dl').filter({ hasText: 'Realtime connection' });
  await expect(page.getByRole('heading', { name: 'Diagnostics' })).toBeVisible();
  await expect(panel.getByText('open', { exact: true })).toBeVisible();
  await expect(panel.getByText('Off', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  const other = await browser.newContext({ baseURL });
  try {
    const account = await createConfirmedAccount(other.request, String(baseURL), 'directory');
    await signInByApi(other.request, String(baseURL), account.email, account.password);
    const name = uniqueName('Cullet Works');
    const created = await createCompanyByApi(other.request, String(baseURL), name);

    await expect(companyCard(page, name)).toBeVisible({ timeout: 5_000 });
    await expect(panel.getByText(`created ${created.id}`, { exact: false })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  } finally {
    await other.close();
  }
});

test('a signed-in free trader sees "Limited Messaging", the fee and their own company disabled', async ({
  page,
  baseURL,
}) => {
  const account = await createConfirmedAccount(page.request, String(baseURL), 'free-directory');
  await page.goto('/company-directory');
  await signInThroughDialog(page, account.email, account.password);
  const own = uniqueName('Own Cullet');
  await createCompanyByApi(page.request, String(baseURL), own);

  await page.reload();
  await expect(page.getByText('Limited Messaging')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade ($49/mo)' })).toHaveAttribute('href', '/subscription');

  const message = companyCard(page, 'NordPapir AS').getByRole('button', { name: 'Message NordPapir AS' });
  await message.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Messaging this company costs a one-time $10.00 contact fee',
  );

  const ownCard = companyCard(page, own);
  await expect(ownCard.getByRole('button', { name: `Message ${own}` })).toBeDisabled();
  // The disabled button's wrapper carries the reason, for the mouse and the keyboard alike.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  const ownMessage = ownCard.getByRole('button', { name: `Message ${own}` }).locator('..');
  // Scrolling closes a tooltip, and focusing may scroll: retry until the page has settled.
  await expect(async () => {
    await ownMessage.blur();
    await ownMessage.focus();
    await expect(page.getByRole('tooltip')).toHaveText('You cannot message your own company', {
      timeout: 1_000,
    });
  }).toPass();
  await expectAccessible(page);

  await message.click();
  const dialog = page.getByRole('dialog', { name: 'Message NordPapir AS' });
  // The dialog's code arrives with the first click: a loaded machine may take longer than a find.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('One-time contact fee: $10.00')).toBeVisible();
  await expect(dialog.getByLabel('Subject')).toHaveAttribute('placeholder', 'Conversation with NordPapir AS');
});
