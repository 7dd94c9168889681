import { PRESET_CAMPAIGN_SUBJECT } from '@app/shared/admin/bulk-email.schemas';
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  DEMO_TRADER,
  expect,
  expectAccessible,
  linkFromEmail,
  signInByApi,
  test,
  uniqueEmail,
  waitForEmail,
} from './support/fixtures.ts';

const STAT_LABELS = [
  'Total Users',
  'Active Subscribers',
  'With Companies',
  'Without Companies',
  'Unpaid Users',
  'Total Subscribers',
];

test('a trader is refused bulk email and sent to the admin dashboard after 3 seconds', async ({
  page,
  baseURL,
}) => {
  await signInByApi(page.request, String(baseURL), DEMO_TRADER, DEMO_PASSWORD);
  await page.goto('/admin/bulk-email');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/bulk-email$/);
  await expectAccessible(page);
  await expect(page).toHaveURL(/\/admin$/, { timeout: 6000 });
});

test('an admin sees the six stats and sends the preset as a test email that arrives with an unsubscribe link', async ({
  page,
  request,
  baseURL,
}) => {
  // An account that has not confirmed its email yet: counted by Unpaid Users, left out of campaigns.
  const unconfirmed = await request.post('/api/accounts/sign-up', {
    headers: { origin: String(baseURL) },
    data: {
      email: uniqueEmail('unconfirmed'),
      password: 'e2e-secret-42',
      fullName: 'Pat Unconfirmed',
      company: 'Pending Scrap Co',
      sector: 'Metal Recycling',
    },
  });
  expect(unconfirmed.status()).toBe(201);
  await signInByApi(page.request, String(baseURL), DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/admin/bulk-email');
  await expect(page.getByRole('heading', { name: 'Bulk Email Management', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Send targeted email campaigns to promote the company directory'),
  ).toBeVisible();
  for (const label of STAT_LABELS) await expect(page.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByTestId('stat-totalUsers')).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByTestId('stat-unpaidUsers')).toHaveText(/^[\d,]+$/);
  await expect(page.getByRole('tab', { name: 'Preset Templates' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Send to Everyone' })).toBeVisible();
  await expect(page.getByText('This emails all users who receive campaigns.')).toBeVisible();
  await expect(page.getByText(/^Sends to \d+ (person|people)$/).first()).toBeVisible();

  // The preview at the bottom shows the preset, rendered.
  const preview = page.getByRole('region', { name: 'Preset email content' });
  await expect(page.getByRole('heading', { name: 'Current Email Preview' })).toBeVisible();
  await expect(page.getByText(PRESET_CAMPAIGN_SUBJECT)).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Create my company profile' })).toBeVisible();

  await page.getByRole('button', { name: 'Refresh Stats' }).click();
  await expect(page.getByRole('button', { name: 'Refresh Stats' })).toBeEnabled();
  await expectAccessible(page);

  const preset = page.getByRole('tabpanel', { name: 'Preset Templates' });
  // The Target Unpaid Users card accounts for every account the Unpaid Users card counts: how many
  // match, and how many (at least the unconfirmed one) are left out.
  const unpaidUsers = (await page.getByTestId('stat-unpaidUsers').textContent()) ?? '';
  const unpaidAudience = preset
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Target Unpaid Users' }) });
  await expect(unpaidAudience).toContainText(
    new RegExp(`(^|\\D)${unpaidUsers} match this audience; [\\d,]+ (person|people) left out`),
  );
  await preset.getByRole('checkbox', { name: /Test mode/ }).check();
  const testEmail = preset.getByLabel('Test email address');
  await expect(testEmail).toHaveAttribute('type', 'email');
  await testEmail.fill('');
  await preset.getByRole('button', { name: 'Target Unpaid Users' }).click();
  await expect(page.getByText('Test Email Required')).toBeVisible();
  await expect(page.getByText('Please enter a test email address')).toBeVisible();

  const address = uniqueEmail('preset-test');
  await testEmail.fill(address);
  await preset.getByRole('button', { name: 'Target Unpaid Users' }).click();
  await expect(page.getByText('Test Email Sent!')).toBeVisible();
  await expect(page.getByText(`Test email sent to ${address}`)).toBeVisible();
  await expectAccessible(page);

  const email = await waitForEmail(request, address, 'campaign-test');
  expect(email.subject).toBe(PRESET_CAMPAIGN_SUBJECT);
  expect(linkFromEmail(email, '/unsubscribe')).toContain('/unsubscribe?token=');
  expect(email.html).toContain('/unsubscribe?token=');
});

test('an admin writes a custom email, previews it and sends it as a test', async ({
  page,
  request,
  baseURL,
}) => {
  await signInByApi(page.request, String(baseURL), DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/admin/bulk-email');
  await page.getByRole('tab', { name: 'Custom Email' }).click();
  const custom = page.getByRole('tabpanel', { name: 'Custom Email' });
  const sendToUnpaid = custom.getByRole('button', { name: 'Send Custom to Unpaid Users' });
  await expect(sendToUnpaid).toBeDisabled();

  const subject = `Copper prices this week ${Date.now()}`;
  await custom.getByLabel('Subject').fill(subject);
  await expect(sendToUnpaid).toBeDisabled();
  await custom
    .getByLabel('HTML content')
    .fill('<h2>Scrap market update</h2><p>Copper is <strong>up 4%</strong> since Monday.</p>');
  await expect(sendToUnpaid).toBeEnabled();

  await custom.getByRole('button', { name: 'Show Preview' }).click();
  const shown = custom.getByRole('region', { name: 'Preview of the HTML content' });
  await expect(shown.getByRole('heading', { name: 'Scrap market update' })).toBeVisible();
  await expect(shown.locator('strong')).toHaveText('up 4%');
  await expect(custom.getByRole('button', { name: 'Hide Preview' })).toHaveAttribute('aria-expanded', 'true');
  // The bottom preview follows the active tab.
  await expect(page.getByText(subject)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Custom email content' }).getByText('Scrap market update'),
  ).toBeVisible();
  await expectAccessible(page);

  await custom.getByRole('checkbox', { name: /Test mode/ }).check();
  const address = uniqueEmail('custom-test');
  await custom.getByLabel('Test email address').fill(address);
  await sendToUnpaid.click();
  await expect(page.getByText('Test Email Sent!')).toBeVisible();
  await expect(page.getByText(`Test email sent to ${address}`)).toBeVisible();

  const email = await waitForEmail(request, address, 'campaign-test');
  expect(email.subject).toBe(subject);
  expect(email.html).toContain('Scrap market update');
  expect(linkFromEmail(email, '/unsubscribe')).toContain('/unsubscribe?token=');
});

test('the unsubscribe link of a test email opts out after a press and can be undone', async ({
  page,
  request,
  baseURL,
}) => {
  await signInByApi(page.request, String(baseURL), DEMO_ADMIN, DEMO_PASSWORD);
  const address = uniqueEmail('unsubscribe-test');
  const send = await page.request.post('/api/admin/bulk-email/send', {
    headers: { origin: String(baseURL) },
    data: { target: 'all', template: 'preset', testMode: true, testEmail: address },
  });
  expect(send.status()).toBe(200);
  // A test email carries the sending admin's own unsubscribe link.
  const email = await waitForEmail(request, address, 'campaign-test');
  const link = linkFromEmail(email, '/unsubscribe');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Preferences', level: 1 })).toBeVisible();
  await expect(page.getByText(/receives product news and campaigns from Recytrade/)).toBeVisible();
  await expect(page.getByText('a***@recytrade.test', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('You have been unsubscribed')).toBeVisible();
  await expect(
    page.getByText(
      'You will no longer receive marketing emails from us. Account and deal emails still arrive.',
    ),
  ).toBeVisible();
  await expectAccessible(page);

  // The account's own switch reads the same opt-out.
  await page.goto('/account?tab=preferences');
  const campaignsSwitch = page.getByRole('switch', { name: 'Product news and campaigns' });
  await expect(campaignsSwitch).toHaveAttribute('aria-checked', 'false');

  await page.goto(link);
  await page.getByRole('button', { name: 'Resubscribe' }).click();
  await expect(page.getByText('You are subscribed again')).toBeVisible();
  await expect(page.getByText('You will receive our marketing emails again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();

  await page.goto('/account?tab=preferences');
  await expect(campaignsSwitch).toHaveAttribute('aria-checked', 'true');
  await expectAccessible(page);

  await page.goto('/unsubscribe?token=not-a-real-token');
  await expect(
    page.getByText(
      'This unsubscribe link is not valid. Open the latest email again, or change it in your account preferences.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Account Preferences' })).toBeVisible();
  await expectAccessible(page);
});

test('an admin sends a campaign to everyone after confirming and watches it complete', async ({
  page,
  baseURL,
}) => {
  await signInByApi(page.request, String(baseURL), DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/admin/bulk-email');
  const preset = page.getByRole('tabpanel', { name: 'Preset Templates' });
  await expect(preset.getByText(/^Sends to \d+ (person|people)$/).first()).toBeVisible();
  await preset.getByRole('button', { name: 'Send to Everyone' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Send this campaign?' });
  await expect(dialog).toContainText(PRESET_CAMPAIGN_SUBJECT);
  await expect(dialog).toContainText('every user who receives campaigns');
  const confirm = dialog.getByRole('button', { name: /^Send to \d+ (person|people)$/ });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.click();

  const progress = page.getByRole('region', { name: /Sending campaign|Campaign finished/ });
  await expect(progress.getByRole('progressbar', { name: 'Campaign progress' })).toBeVisible();
  await expect(page.getByText('Bulk Email Campaign Completed!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^\d+ emails sent successfully/)).toBeVisible();
  await expect(progress.getByRole('heading', { name: 'Campaign finished' })).toBeVisible();
  await expect(progress).toContainText(/Sent \d+ of \d+/);

  const history = page.getByRole('heading', { name: 'Campaign History' }).locator('xpath=../..');
  await expect(history.getByRole('row').filter({ hasText: PRESET_CAMPAIGN_SUBJECT }).first()).toContainText(
    'Completed',
  );
  await expectAccessible(page);
});
