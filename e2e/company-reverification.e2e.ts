import {
  attachScreenshots,
  createConfirmedAccount,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  signedInPage,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

test.describe.configure({ mode: 'parallel' });

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('the owner of a verified company is warned before a rename sends it back to verification, and the administrator sees what changed', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Two people, two sign-ins and three screens checked by axe: past a minute on a busy machine.
  test.setTimeout(120_000);
  const account = await createConfirmedAccount(page.request, String(baseURL), 'reverify');
  await page.goto('/');
  await signInThroughDialog(page, account.email, account.password);
  const name = unique('Harbour Metals');
  const created = await page.request.post('/api/companies', {
    headers: { origin: String(baseURL) },
    data: {
      companyName: name,
      contactEmail: 'sales@harbour.test',
      companyType: 'seller',
      materials: ['Metals'],
      country: 'GB',
      taxId: 'GB980780684',
      address: '2 Harbour Road, Bristol',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const companyId = (await created.json()).id;
  // Verification needs the registration document the owner sends with the request.
  const document = await page.request.post('/api/files?purpose=company-document', {
    headers: { origin: String(baseURL) },
    multipart: {
      file: {
        name: 'registration.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    },
  });
  expect(document.status(), await document.text()).toBe(201);
  const requested = await page.request.post(`/api/companies/${companyId}/verification-request`, {
    headers: { origin: String(baseURL) },
    data: { documentIds: [(await document.json()).id] },
  });
  expect(requested.status(), await requested.text()).toBe(200);
  const admin = await signedInPage(browser, String(baseURL), DEMO_ADMIN, DEMO_PASSWORD);
  const verified = await admin.request.post(`/api/admin/companies/${companyId}/verify`, {
    headers: { origin: String(baseURL) },
    data: {},
  });
  expect(verified.status()).toBe(200);

  await page.goto('/profile?tab=companies');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(item.getByText('Verified', { exact: true })).toBeVisible();
  const renamed = unique('Acme Recycling');
  const wizard = page.getByRole('form', { name: 'Company profile' });
  const editTo = async () => {
    await item.getByRole('button', { name: `Edit ${name}` }).click();
    await wizard.getByLabel('Company Name').fill(renamed);
    await wizard.getByLabel('Contact Email').fill('wires@acme.test');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Save Changes' }).click();
  };

  // The warning lists the changes; Cancel saves nothing.
  await editTo();
  const warning = page.getByRole('alertdialog', { name: 'Verification needed again' });
  await expect(warning.getByRole('region', { name: 'You are changing' })).toContainText(name);
  await expect(warning.getByRole('region', { name: 'You are changing' })).toContainText('wires@acme.test');
  await expectAccessible(page);
  await attachScreenshots(page, testInfo, 'reverify-warning');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toBeHidden();
  expect((await (await page.request.get(`/api/companies/${companyId}`)).json()).companyName).toBe(name);

  // Confirming saves, and the company is pending verification again.
  await page.goto('/profile?tab=companies');
  await editTo();
  await warning.getByRole('button', { name: 'Save and Request Verification' }).click();
  await expect(page.getByText('Your company is pending verification again.', { exact: false })).toBeVisible();
  const renamedItem = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: renamed }) });
  await expect(renamedItem.getByText('Pending Verification')).toBeVisible();

  // The administrator finds it under Pending with the old and new values, and verifies it again.
  await admin.goto('/admin/companies');
  const changes = admin.getByRole('region', { name: 'Changed since verification' }).first();
  await expect(changes).toContainText(name);
  await expect(changes).toContainText(renamed);
  await expect(changes).toContainText('sales@harbour.test');
  await expectAccessible(admin);
  await attachScreenshots(admin, testInfo, 'admin-company-changes');
  await admin.getByRole('button', { name: `Verify ${renamed}` }).click();
  await expect(admin.getByText('Company verified successfully.')).toBeVisible();
  await admin.context().close();
});

test('an approved listing edited to spam shows its changes on the review screen', async ({
  browser,
  baseURL,
}, testInfo) => {
  const origin = { origin: String(baseURL) };
  const admin = await signedInPage(browser, String(baseURL), DEMO_ADMIN, DEMO_PASSWORD);
  const traderContext = await browser.newContext({ baseURL });
  const account = await createConfirmedAccount(traderContext.request, String(baseURL), 'relist');
  const signIn = await traderContext.request.post('/api/accounts/sign-in', {
    headers: origin,
    data: { email: account.email, password: account.password },
  });
  expect(signIn.ok()).toBe(true);
  const title = unique('Baled OCC');
  const created = await traderContext.request.post('/api/listings', {
    headers: origin,
    data: {
      title,
      type: 'sell',
      description: 'Old corrugated containers, baled, dry.',
      availability: 'immediate',
      category: 'paper',
      location: 'Antwerp, Belgium',
      price: 95,
      quantity: 20,
      unit: 'tons',
    },
  });
  const id = (await created.json()).listing.id;
  await admin.request.post(`/api/admin/listings/${id}/approve`, { headers: origin, data: {} });
  const spam = unique('CHEAP PILLS');
  await traderContext.request.patch(`/api/listings/${id}`, {
    headers: origin,
    data: { title: spam, price: 9 },
  });
  await traderContext.close();

  await admin.goto('/admin/listings');
  const card = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: spam }) });
  await expect(card.getByText('Edited since approval')).toBeVisible();
  const changes = card.getByRole('region', { name: 'Changed since approval' });
  await expect(changes).toContainText(title);
  await expect(changes).toContainText('$95.00');
  await expectAccessible(admin);
  await card.scrollIntoViewIfNeeded();
  await attachScreenshots(admin, testInfo, 'admin-listing-changes');
  await admin.context().close();
});
