import {
  expect,
  expectAccessible,
  linkFromEmail,
  signInThroughDialog,
  test,
  uniqueEmail,
  waitForEmail,
} from './support/fixtures.ts';

test('a trader signs up, confirms the emailed link, signs in and signs out', async ({ page }) => {
  const email = uniqueEmail('signup');
  const password = 'my-secret-77';
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Join Recytrade' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  await expectAccessible(page);

  await dialog.getByLabel('Company Name').fill('Baltic Fibre Recovery');
  await dialog.getByLabel('Full Name').fill('Ieva Kalnina');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  // The password toggle shows what was typed.
  await dialog.getByRole('button', { name: /show password/i }).click();
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');

  // Without a sector nothing is submitted and the specified notice appears.
  await dialog.getByRole('button', { name: 'Join Recytrade' }).click();
  await expect(
    dialog.getByText("Sector required: Please select your company's recycling sector."),
  ).toBeVisible();

  await dialog.getByLabel('Recycling Sector').selectOption('Textile Recycling');
  await dialog.getByRole('button', { name: 'Join Recytrade' }).click();
  await expect(page.getByText('Account created!')).toBeVisible();
  await expect(page.getByText('Please check your email to confirm your account.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Signing in before confirming is refused with a way to resend the link.
  await page.getByRole('button', { name: 'Login' }).first().click();
  const signIn = page.getByRole('dialog');
  await signIn.getByRole('tab', { name: 'Sign In' }).click();
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill(password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(signIn.getByText(/confirm your email address/i).first()).toBeVisible();
  await signIn.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(page.getByText(`Confirmation email resent to ${email}`)).toBeVisible();
  await page.keyboard.press('Escape');

  // Follow the emailed link.
  const confirmation = await waitForEmail(page.request, email, 'email-verification');
  await page.goto(
    new URL(linkFromEmail(confirmation, '/auth/confirm')).pathname +
      new URL(linkFromEmail(confirmation, '/auth/confirm')).search,
  );
  await expect(page.getByText('Your email has been confirmed successfully!')).toBeVisible();
  await expectAccessible(page);

  // Sign in: the signed-in navigation appears.
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).first().click();
  const dialog2 = page.getByRole('dialog');
  await dialog2.getByRole('tab', { name: 'Sign In' }).click();
  await dialog2.getByLabel('Email').fill(email);
  await dialog2.getByLabel('Password', { exact: true }).fill(password);
  await dialog2.getByRole('button', { name: 'Sign In', exact: true }).click();
  // The first sign-in greets "Welcome!", not "Welcome back!".
  await expect(page.getByText('Welcome!', { exact: true })).toBeVisible();
  await expect(page.getByText('Welcome back!')).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await expectAccessible(page);

  // Sign out from the Account menu; Logout is shown in the destructive colour.
  await page.getByRole('button', { name: 'Account' }).click();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await expect(logout).toBeVisible();
  await logout.click();
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  // Every later sign-in greets "Welcome back!".
  await signInThroughDialog(page, email, password);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('a wrong password shows "Sign in failed" with the server message', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill('maria@greenloop-metals.test');
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Sign in failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(dialog).toBeVisible();
});
