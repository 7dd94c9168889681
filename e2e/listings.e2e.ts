import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
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

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

const listingBody = (title: string) => ({
  title,
  type: 'sell',
  description: 'Baled aluminium cans, clean and dry, loaded on a 40 ft container.',
  availability: 'immediate',
  category: 'metals',
  location: 'Rotterdam, Netherlands',
  price: 420,
  quantity: 25,
  unit: 'tons',
  imageIds: [],
  wantsFeatured: false,
});

const uniqueTitle = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Signs the request context in (cookies stay on it), for set-up done through the API. */
async function signInByApi(
  request: APIRequestContext,
  baseURL: string,
  account: { email: string; password: string },
) {
  const res = await request.post('/api/accounts/sign-in', {
    headers: { origin: baseURL },
    data: { email: account.email, password: account.password },
  });
  expect(res.ok()).toBe(true);
}

async function createListingByApi(request: APIRequestContext, baseURL: string, title: string) {
  const res = await request.post('/api/listings', { headers: { origin: baseURL }, data: listingBody(title) });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { listing: { id: string } }).listing;
}

async function fillListingForm(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: 'Create Listing' });
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Type', { exact: true }).selectOption('sell');
  await dialog.getByLabel('Category', { exact: true }).selectOption('metals');
  await dialog.getByLabel('Description', { exact: true }).fill('Baled aluminium cans, clean and dry.');
  await dialog.getByLabel('Availability', { exact: true }).selectOption('1-week');
  await dialog.getByLabel('Location', { exact: true }).fill('Rotterdam, Netherlands');
  await dialog.getByLabel('Price per unit ($)').fill('420');
  await dialog.getByLabel('Quantity', { exact: true }).fill('25');
  await dialog.getByLabel('Unit', { exact: true }).selectOption('tons');
}

test('a trader creates a listing with two images, finds it on the marketplace, edits and deletes it', async ({
  page,
  baseURL,
}) => {
  // Two uploads with progress, the marketplace, an edit and a delete, each checked by axe.
  test.setTimeout(120_000);
  const account = await createConfirmedAccount(page.request, String(baseURL), 'lister');
  await page.goto('/');
  await signInThroughDialog(page, account.email, account.password);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Create Listing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Listing' });
  await expect(dialog.getByText('0/5 listings used this month')).toBeVisible();

  // The spec's messages show next to the fields when the form is sent empty.
  await dialog.getByRole('button', { name: 'Create Listing', exact: true }).click();
  await expect(dialog.getByText('Title is required').first()).toBeVisible();
  await expect(dialog.getByText('Price must be greater than 0').first()).toBeVisible();

  const title = uniqueTitle('Aluminium cans');
  await fillListingForm(page, title);
  await dialog
    .locator('input[type=file]')
    .setInputFiles([path.join(FIXTURES, 'bale-1.png'), path.join(FIXTURES, 'bale-2.jpg')]);
  await expect(dialog.getByText('Uploaded')).toHaveCount(2);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create Listing', exact: true }).click();
  await expect(page.getByText(/^Listing created! It expires on /)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Search on the marketplace: the owner's own card says "Your Listing".
  await page.goto('/marketplace');
  await page.getByLabel('Search listings').fill(title);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card).toHaveCount(1);
  await expect(page.getByText('Showing 1 of 1 listings')).toBeVisible();
  await expect(page).toHaveURL(/q=/);
  await expect(card.getByText('$420.00 / ton')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Your Listing' })).toBeDisabled();
  await expectAccessible(page);

  // The detail page shows both images.
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show image 2' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/manage-listings');
  await expect(page.getByRole('heading', { name: 'Manage Listings' })).toBeVisible();
  await expect(page.getByText('1 listing', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Listing' });
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(title);
  await edit.getByLabel('Price per unit ($)').fill('450');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Listing updated successfully!')).toBeVisible();
  await expect(page.getByText('$450.00 / ton')).toBeVisible();

  await page.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(
    confirm.getByText(`Are you sure you want to delete "${title}"? This action cannot be undone.`),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Listing deleted successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No listings yet' })).toBeVisible();
  await expectAccessible(page);
});

test('a free trader who used 5 listings this month sees "Limit Reached"', async ({ page, baseURL }) => {
  const account = await createConfirmedAccount(page.request, String(baseURL), 'limit');
  await page.goto('/');
  await signInThroughDialog(page, account.email, account.password);
  for (let i = 1; i <= 5; i++)
    await createListingByApi(page.request, String(baseURL), uniqueTitle(`Limit lot ${i}`));

  await page.goto('/dashboard?create=true');
  const dialog = page.getByRole('dialog', { name: 'Create Listing' });
  await expect(dialog.getByText('5/5 listings used this month')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Upgrade' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Limit Reached' })).toBeDisabled();
  await expectAccessible(page);

  // The server refuses a sixth one with the spec's message.
  const sixth = await page.request.post('/api/listings', {
    headers: { origin: String(baseURL) },
    data: listingBody(uniqueTitle('Limit lot 6')),
  });
  expect([403, 409]).toContain(sixth.status());
  expect(await sixth.text()).toContain("You've reached your monthly limit of 5 free listings (5/5)");
});

test('a visitor pressing Make Offer gets the sign-in dialog', async ({ page, request, baseURL }) => {
  const seller: Account = await createConfirmedAccount(request, String(baseURL), 'seller');
  await signInByApi(request, String(baseURL), seller);
  const title = uniqueTitle('PET flakes');
  await createListingByApi(request, String(baseURL), title);

  await page.goto(`/marketplace?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card.getByRole('button', { name: 'Message seller' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Make Offer' }).click();
  const join = page.getByRole('dialog', { name: 'Join Recytrade' });
  await expect(join).toBeVisible();
  await expect(join.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);
});

test('an admin rejects a listing with a reason: it leaves the marketplace and the owner is emailed', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await createConfirmedAccount(request, String(baseURL), 'rejected');
  await signInByApi(request, String(baseURL), owner);
  const title = uniqueTitle('Mixed paper');
  await createListingByApi(request, String(baseURL), title);

  await page.goto(`/marketplace?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  await signInThroughDialog(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/admin/listings');
  await expect(page.getByRole('heading', { level: 1, name: 'Listing Review' })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: `Reject ${title}` }).click();
  const reject = page.getByRole('dialog', { name: 'Reject listing' });
  await reject.getByRole('button', { name: 'Reject Listing' }).click();
  await expect(reject.getByText('Please provide a reason for rejection.')).toBeVisible();
  await reject.getByLabel('Reason for rejection').fill('Photos do not show the material offered.');
  await reject.getByRole('button', { name: 'Reject Listing' }).click();
  await expect(page.getByText('Listing rejected successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeHidden();

  await page.getByRole('tab', { name: 'Rejected' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/marketplace?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { name: 'No listings found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();

  const email = await waitForEmail(request, owner.email, 'listing-rejected');
  expect(email.text).toContain('Photos do not show the material offered.');
});
