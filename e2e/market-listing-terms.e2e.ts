import {
  createConfirmedAccount,
  expect,
  expectAccessible,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

const uniqueTitle = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a trader lists Barley copper FOB Rotterdam and finds it by the grade filter', async ({
  page,
  baseURL,
}) => {
  const account = await createConfirmedAccount(page.request, String(baseURL), 'grader');
  await page.goto('/');
  await signInThroughDialog(page, account.email, account.password);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Create Listing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Listing' });

  const title = uniqueTitle('Bright copper wire');
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Type', { exact: true }).selectOption('sell');
  await dialog.getByLabel('Category', { exact: true }).selectOption('metals');
  await dialog.getByLabel('Description', { exact: true }).fill('Stripped bright copper wire, no insulation.');
  await dialog.getByLabel('Location', { exact: true }).fill('Rotterdam, Netherlands');
  await dialog.getByLabel('Price per unit ($)').fill('400');
  await dialog.getByLabel('Quantity', { exact: true }).fill('20');
  await dialog.getByLabel('Unit', { exact: true }).selectOption('tons');

  // The grade list follows the category, and the chosen grade explains itself.
  const grade = dialog.getByLabel('Grade (optional)');
  await expect(grade.locator('option', { hasText: 'Old corrugated containers' })).toHaveCount(0);
  await grade.selectOption({ label: 'Barley (Bare bright copper wire)' });
  await expect(dialog.getByText('Clean, bare, uncoated, unalloyed copper wire')).toBeVisible();
  // $400 per short ton is about $441/t against Barley's index of thousands: a warning, not a refusal.
  const unitWarning = dialog.getByText('far below the market: check the unit');
  await expect(unitWarning).toBeVisible();
  await dialog.getByLabel('Price per unit ($)').fill('8000');
  await expect(unitWarning).toBeHidden();
  await dialog.getByLabel('Price per unit ($)').fill('400');
  await expect(unitWarning).toBeVisible();
  // Listed at the market's level: a new account's price below half the index would wait for review.
  await dialog.getByLabel('Price per unit ($)').fill('8000');
  await expect(unitWarning).toBeHidden();

  // An Incoterm needs its named place.
  await dialog.getByLabel('Incoterm (optional)').selectOption('FOB');
  await dialog.getByRole('button', { name: 'Create Listing', exact: true }).click();
  await expect(dialog.getByText('Enter the named place for the Incoterm').first()).toBeVisible();
  await dialog.getByLabel('Named place').fill('Rotterdam');
  await dialog.getByLabel('Packing (optional)').selectOption('baled');
  await dialog.getByLabel('Supply', { exact: true }).selectOption('monthly');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create Listing', exact: true }).click();
  await expect(page.getByText(/^Listing created!/)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The grade filter appears with a category and lists that category's grades.
  await page.goto('/marketplace');
  await expect(page.getByLabel('Grade', { exact: true })).toHaveCount(0);
  await page.getByLabel('Category', { exact: true }).selectOption('metals');
  await page.getByLabel('Grade', { exact: true }).selectOption({ label: 'Barley (Bare bright copper wire)' });
  await expect(page).toHaveURL(/grade=barley/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Barley (Bare bright copper wire)')).toBeVisible();
  await expect(card.getByText('FOB Rotterdam · Baled · Recurring monthly')).toBeVisible();
  await expect(card.getByText('$8,000.00 / ton')).toBeVisible();
  await expect(card.getByText('≈ $8,818/t')).toBeVisible();
  // Every card under the filter is a Barley listing (the demo data has some too).
  const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading') });
  await expect(cards.filter({ hasNot: page.getByText('Barley (Bare bright copper wire)') })).toHaveCount(0);
  await expectAccessible(page);

  // The grade's code word finds it by text too.
  await page.goto(`/marketplace?q=barley`);
  await expect(card).toHaveCount(1);

  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('FOB Rotterdam (Free On Board)')).toBeVisible();
  await expect(page.getByText('Recurring monthly')).toBeVisible();
  await expectAccessible(page);
});
