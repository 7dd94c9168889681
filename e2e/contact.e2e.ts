import { createConfirmedAccount, expect, expectAccessible, test, waitForEmail } from './support/fixtures.ts';

/** The default SUPPORT_EMAIL of the server the journeys run against. */
const SUPPORT_EMAIL = 'support@recytrade.com';

test('a visitor is asked to sign in before sending the contact form; a signed-in user sends it and support receives it', async ({
  page,
  baseURL,
}) => {
  // The API refuses visitors.
  const refused = await page.request.post('/api/contact', {
    headers: { origin: String(baseURL) },
    data: { firstName: 'Ann', lastName: 'Visitor', email: 'ann@e2e.test', message: 'Hello' },
  });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.message).toBe('Authentication required');

  // A visitor sees the form, the details, the business hours and the FAQ, with a sign-in prompt.
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await expect(form).toBeVisible();
  await expect(page.getByText('Please sign in to send us a message.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Business Hours' })).toBeVisible();
  await expect(page.getByText('We reply within 24 hours.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(form.getByLabel('Subject')).toHaveValue('General Inquiry');
  await expectAccessible(page);

  // Submitting as a visitor opens the sign-in dialog instead of sending.
  await form.getByLabel('First Name').fill('Ann');
  await form.getByLabel('Last Name').fill('Visitor');
  await form.getByLabel('Email').fill('ann@e2e.test');
  await form.getByLabel('Message').fill('Can I buy without an account?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Authentication required')).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();

  // Sign in from that dialog: the form now carries the user's name and email.
  const account = await createConfirmedAccount(page.request, String(baseURL), 'contact');
  await dialog.getByRole('tab', { name: 'Sign In' }).click();
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Please sign in to send us a message.')).toBeHidden();
  await expect(form.getByLabel('First Name')).toHaveValue('Jordan');
  await expect(form.getByLabel('Last Name')).toHaveValue('Lee');
  await expect(form.getByLabel('Email')).toHaveValue(account.email);

  // A blank message is refused with the specification's message.
  await form.getByLabel('Message').fill('   ');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Message required')).toBeVisible();
  await expectAccessible(page);

  const message = `We have 20 t of baled PET every month. Reference ${Date.now().toString(36)}.`;
  await form.getByLabel('Company (optional)').fill('Lee Scrap Co');
  await form.getByLabel('Subject').fill('Selling PET bales');
  await form.getByLabel('Message').fill(message);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  // The form starts over, still filled in for this user.
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(form.getByLabel('Subject')).toHaveValue('General Inquiry');
  await expect(form.getByLabel('First Name')).toHaveValue('Jordan');

  // The support address receives it, with Reply-To the sender.
  const email = await waitForEmail(page.request, SUPPORT_EMAIL, 'contact-message');
  expect(email.subject).toBe('Contact form: Selling PET bales (from Jordan Lee)');
  expect(email.text).toContain(message);
  expect(email.text).toContain(`Email: ${account.email}`);
  expect((email as typeof email & { replyTo: string }).replyTo).toBe(account.email);
});
