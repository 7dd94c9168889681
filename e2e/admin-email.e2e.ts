import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  DEMO_TRADER,
  expect,
  expectAccessible,
  signInByApi,
  test,
  uniqueEmail,
  waitForEmail,
} from './support/fixtures.ts';

test('an admin sees the dashboard counts and resends a confirmation email to an unconfirmed sign-up', async ({
  page,
  request,
  baseURL,
}) => {
  const base = String(baseURL);
  const email = uniqueEmail('unconfirmed');
  const signUp = await request.post('/api/accounts/sign-up', {
    headers: { origin: base },
    data: {
      email,
      password: 'e2e-secret-42',
      fullName: 'Robin Vale',
      company: 'Vale Plastics',
      sector: 'Plastic Recycling',
    },
  });
  expect(signUp.status()).toBe(201);
  await waitForEmail(request, email, 'email-verification');

  await signInByApi(page.request, base, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  const main = page.getByRole('main');
  for (const title of [
    'Blog',
    'Users',
    'Email',
    'Bulk Email',
    'Listings',
    'Companies',
    'Wire Transfers & Disputes',
    'Security',
    'System',
  ])
    await expect(main.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(page.getByTestId('count-unconfirmedUsers')).toHaveText(/^[1-9]\d* unconfirmed users?$/);
  await expect(page.getByTestId('count-pendingListings')).toHaveText(/^\d+ pending listings?$/);
  await expect(page.getByTestId('count-unverifiedCompanies')).toHaveText(/^\d+ unverified compan(y|ies)$/);
  await expect(page.getByTestId('count-wireTransfersAwaitingVerification')).toHaveText(
    /^\d+ transfers? awaiting verification$/,
  );
  await expect(page.getByTestId('count-openDisputes')).toHaveText(/^\d+ open disputes?$/);
  await expectAccessible(page);

  await main.getByRole('link', { name: 'Email', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/email$/);
  await expect(page.getByRole('heading', { name: 'Email Management', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^\d+ unconfirmed users?$/ })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Just now');
  await expectAccessible(page);

  await row.getByRole('button', { name: /^Resend/ }).click();
  await expect(page.getByText('Email Sent')).toBeVisible();
  await expect(page.getByText(`Confirmation email resent to ${email}`)).toBeVisible();
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      const { emails } = (await res.json()) as { emails: { kind: string }[] };
      return emails.filter((e) => e.kind === 'email-verification').length;
    })
    .toBe(2);

  // The route table's address shows the same screen.
  await page.goto('/admin/email-management');
  await expect(page.getByRole('heading', { name: 'Email Management', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
});

test('a trader is refused email management (sent home) and security (no redirect)', async ({
  page,
  baseURL,
}) => {
  await signInByApi(page.request, String(baseURL), DEMO_TRADER, DEMO_PASSWORD);
  await page.goto('/admin/email-management');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 6000 });

  await page.goto('/admin/security');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await page.waitForTimeout(3500);
  await expect(page).toHaveURL(/\/admin\/security$/);
});
