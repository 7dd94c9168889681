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

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const REGISTRATION_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

test('an owner adds a tax id and a registration document and asks for verification; an administrator weighs the warnings and verifies', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Two traders, an upload, the owner's form and the administrator's review: a long journey.
  test.setTimeout(120_000);
  const account = await createConfirmedAccount(page.request, String(baseURL), 'verify');
  await page.goto('/');
  await signInThroughDialog(page, account.email, account.password);
  const name = unique('Nordhafen Schrott');
  const created = await page.request.post('/api/companies', {
    headers: { origin: String(baseURL) },
    // A free-mail contact address: the administrator is warned about it.
    data: {
      companyName: name,
      contactEmail: 'nordhafen.schrott@gmail.com',
      companyType: 'seller',
      materials: ['Metals'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const companyId = (await created.json()).id as string;

  // The owner is told what is missing, and adds it in the company form.
  await page.goto('/profile?tab=companies');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  const panel = item.getByRole('region', { name: `Verification of ${name}` });
  await expect(panel).toContainText('add the country, the tax id, the registered address');
  await panel.getByRole('button', { name: 'Add the details' }).click();
  const wizard = page.getByRole('form', { name: 'Company profile' });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Address').fill('Hafenstraße 1, 20457 Hamburg');
  await wizard.getByLabel('Country').selectOption({ label: 'Germany' });
  await wizard.getByLabel('Tax id').fill('12345');
  await expect(
    wizard.getByText('This is not a DE VAT number. Check the digits and try again.'),
  ).toBeVisible();
  await wizard.getByLabel('Tax id').fill('de 123 456 789');
  await expect(wizard.getByText('Looks right: DE123456789.')).toBeVisible();
  await wizard.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Company profile updated.')).toBeVisible();

  // The registration document uploads with a progress bar, then the request goes out.
  await panel.getByLabel('Business-registration document').setInputFiles({
    name: 'handelsregister.pdf',
    mimeType: 'application/pdf',
    buffer: REGISTRATION_PDF,
  });
  await expect(panel.getByRole('link', { name: /handelsregister\.pdf/ })).toBeVisible();
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Request verification' }).click();
  await expect(
    page.getByText('Verification requested. Our admin team will review your documents.'),
  ).toBeVisible();
  await expect(panel).toContainText('Pending review since');
  await attachScreenshots(page, testInfo, 'owner-requested');

  // The administrator sees the document, the tax id and the free-mail warning, and verifies.
  const admin = await signedInPage(browser, String(baseURL), DEMO_ADMIN, DEMO_PASSWORD);
  await admin.goto('/admin/companies');
  const warnings = admin.getByRole('note', { name: `Warnings for ${name}` });
  await expect(warnings).toContainText('nordhafen.schrott@gmail.com is at a free-mail provider');
  await expect(admin.getByRole('link', { name: /handelsregister\.pdf/ }).first()).toBeVisible();
  await expect(admin.getByText('DE123456789').first()).toBeVisible();
  await expectAccessible(admin);
  await attachScreenshots(admin, testInfo, 'admin-dossier');
  await admin
    .getByRole('button', { name: `Verify ${name}` })
    .first()
    .click();
  await expect(admin.getByText('Company verified successfully.')).toBeVisible();

  // Everyone sees the Verified badge on the company page; the document stays private.
  await page.goto(`/companies/${companyId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /handelsregister\.pdf/ })).toHaveCount(0);
  await expectAccessible(page);
  await admin.context().close();
});
