import {
  createConfirmedAccount,
  expect,
  expectAccessible,
  linkFromEmail,
  signInThroughDialog,
  test,
  waitForEmail,
} from './support/fixtures.ts';

test('a trader who forgot the password resets it with the emailed link', async ({ page, baseURL }) => {
  const account = await createConfirmedAccount(page.request, String(baseURL), 'reset');
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Password Reset Sent')).toBeVisible();

  const email = await waitForEmail(page.request, account.email, 'password-reset');
  const link = new URL(linkFromEmail(email, '/reset-password'));
  await page.goto(link.pathname + link.search);
  await expectAccessible(page);
  await page.getByLabel('New Password', { exact: true }).fill('fresh-secret-1');
  await page.getByLabel('Confirm New Password').fill('fresh-secret-2');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('fresh-secret-1');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();

  await page.goto('/');
  await signInThroughDialog(page, account.email, 'fresh-secret-1');
});

test('a signed-in trader edits the full name and changes the password in Account Settings', async ({
  page,
  baseURL,
}) => {
  const account = await createConfirmedAccount(page.request, String(baseURL), 'change');
  await page.goto('/');
  await signInThroughDialog(page, account.email, account.password);

  await page.goto('/account');
  await expect(
    page.getByText('Email cannot be changed. Contact support if you need to update your email.'),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await page.getByLabel('Full Name').fill('Jordan Lee-Park');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Security' }).click();
  const update = page.getByRole('button', { name: 'Update Password' });
  await expect(update).toBeDisabled();
  await page.getByLabel('Current Password').fill(account.password);
  await page.getByLabel('New Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm New Password').fill('abc');
  await update.click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('changed-secret-9');
  await page.getByLabel('Confirm New Password').fill('changed-secret-8');
  await update.click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('changed-secret-9');
  await update.click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();
  await expectAccessible(page);

  // The new password works after signing out; the name change stuck.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
  await signInThroughDialog(page, account.email, 'changed-secret-9');
  await page.goto('/account');
  await expect(page.getByLabel('Full Name')).toHaveValue('Jordan Lee-Park');
});
