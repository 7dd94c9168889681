import type { Browser, Page } from '@playwright/test';
import {
  attachScreenshots,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  linkFromEmail,
  signedInPage,
  signInByApi,
  test,
  uniqueEmail,
  waitForEmail,
} from './support/fixtures.ts';

const IBAN_MESSAGE = 'Please wire the deposit to DE89 3704 0044 0532 0130 00 and we load the truck tomorrow.';

type Trader = { page: Page; id: string; email: string; fullName: string };

/** A confirmed trader with their own name, signed in in a browser context of their own. */
async function trader(browser: Browser, baseURL: string, prefix: string, fullName: string): Promise<Trader> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = uniqueEmail(prefix);
  const password = 'e2e-secret-42';
  const headers = { origin: baseURL };
  const signUp = await page.request.post('/api/accounts/sign-up', {
    headers,
    data: { email, password, fullName, company: `${fullName} Recycling`, sector: 'Metal Recycling' },
  });
  expect(signUp.status()).toBe(201);
  const mail = await waitForEmail(page.request, email, 'email-verification');
  const token = decodeURIComponent(linkFromEmail(mail, '/auth/confirm').split('token=')[1]);
  expect((await page.request.post('/api/accounts/verify-email', { headers, data: { token } })).status()).toBe(
    204,
  );
  await signInByApi(page.request, baseURL, email, password);
  const me = await (await page.request.get('/api/me')).json();
  return { page, id: me.user.id, email, fullName };
}

/**
 * A seller with a listing and a buyer who offered on it: the offer opens their deal thread, in which
 * the (free) seller may write at once. Returns the thread's id.
 */
async function dealThread(baseURL: string, seller: Trader, buyer: Trader, title: string) {
  const headers = { origin: baseURL };
  const listing = await seller.page.request.post('/api/listings', {
    headers,
    data: {
      title,
      type: 'sell',
      description: 'Bright copper wire, bare, no insulation, 20 t available each month.',
      availability: 'immediate',
      category: 'metals',
      location: 'Rotterdam, Netherlands',
      price: 7800,
      quantity: 20,
      unit: 'tons',
    },
  });
  expect(listing.status(), await listing.text()).toBe(201);
  const listingId = (await listing.json()).listing.id as string;
  const deal = await buyer.page.request.post('/api/deals', {
    headers,
    data: { listingId, dealValue: 150_000 },
  });
  expect(deal.status(), await deal.text()).toBe(201);
  const conversations = (await (await seller.page.request.get('/api/conversations')).json()).items as {
    id: string;
  }[];
  expect(conversations).toHaveLength(1);
  return { conversationId: conversations[0].id, listingId };
}

test('a message with an IBAN shows its recipient the escrow warning, and not its sender', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const seller = await trader(browser, String(baseURL), 'iban-seller', 'Sven Sellers');
  const buyer = await trader(browser, String(baseURL), 'iban-buyer', 'Bianca Byers');
  const { conversationId } = await dealThread(String(baseURL), seller, buyer, 'Bare bright copper wire');

  await seller.page.goto(`/messages?conversation=${conversationId}`);
  await seller.page.getByPlaceholder('Type a message…').fill(IBAN_MESSAGE);
  await seller.page.getByRole('button', { name: 'Send message' }).click();
  await expect(seller.page.getByRole('list', { name: 'Messages' }).getByText(IBAN_MESSAGE)).toBeVisible();
  await expect(seller.page.getByRole('note', { name: 'Payment warning' })).toHaveCount(0);

  await buyer.page.goto(`/messages?conversation=${conversationId}`);
  const warning = buyer.page.getByRole('note', { name: 'Payment warning' });
  await expect(warning).toContainText('Never pay outside escrow.');
  await expect(buyer.page.locator('mark', { hasText: 'DE89 3704 0044 0532 0130 00' })).toBeVisible();
  // The warning is stored with the message: it is there again after a reload.
  await buyer.page.reload();
  await expect(buyer.page.getByRole('note', { name: 'Payment warning' })).toBeVisible();
  await expectAccessible(buyer.page);
  await attachScreenshots(buyer.page, testInfo, 'iban-warning');
});

test('a blocked trader cannot message, and the blocker unblocks from the account preferences', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const seller = await trader(browser, String(baseURL), 'block-seller', 'Sasha Stone');
  const buyer = await trader(browser, String(baseURL), 'block-buyer', 'Bruno Blake');
  const { conversationId } = await dealThread(String(baseURL), seller, buyer, 'Heavy melting steel 1');

  // The buyer blocks the seller from the conversation header.
  await buyer.page.goto(`/messages?conversation=${conversationId}`);
  await buyer.page.getByRole('button', { name: 'Block or report Sasha Stone' }).click();
  await buyer.page.getByRole('menuitem', { name: 'Block Sasha Stone' }).click();
  const confirm = buyer.page.getByRole('alertdialog', { name: 'Block Sasha Stone?' });
  await expectAccessible(buyer.page);
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(buyer.page.getByText('Trader blocked')).toBeVisible();
  await expect(buyer.page.getByText('You blocked this trader. Unblock them in Settings')).toBeVisible();

  // The blocked seller finds the conversation closed, and the server refuses a send all the same.
  await seller.page.goto(`/messages?conversation=${conversationId}`);
  await expect(seller.page.getByText('You can’t message this trader.')).toBeVisible();
  await expect(seller.page.getByPlaceholder('Type a message…')).toHaveCount(0);
  const refused = await seller.page.request.post(`/api/conversations/${conversationId}/messages`, {
    headers: { origin: String(baseURL) },
    data: { content: 'Are you there?' },
  });
  expect(refused.status()).toBe(403);
  await expectAccessible(seller.page);
  await attachScreenshots(seller.page, testInfo, 'blocked-conversation');

  // The blocker's preferences list the block; Unblock opens the conversation again.
  await buyer.page.goto('/account?tab=preferences');
  const list = buyer.page.getByRole('list', { name: 'Blocked traders' });
  await expect(list).toContainText('Sasha Stone');
  await expectAccessible(buyer.page);
  await list.getByRole('button', { name: 'Unblock Sasha Stone' }).click();
  await expect(buyer.page.getByText('Trader unblocked')).toBeVisible();
  await expect(buyer.page.getByText('You have not blocked anyone.')).toBeVisible();
  await seller.page.reload();
  await expect(seller.page.getByPlaceholder('Type a message…')).toBeVisible();
});

test('an administrator works the report queue: a trader’s report and the platform’s fraud flag', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const seller = await trader(browser, String(baseURL), 'report-seller', 'Stefan Shady');
  const buyer = await trader(browser, String(baseURL), 'report-buyer', 'Beatrix Bold');
  const title = `Copper cathodes ${Date.now()}`;
  const { conversationId, listingId } = await dealThread(String(baseURL), seller, buyer, title);
  const flagged = await seller.page.request.post(`/api/conversations/${conversationId}/messages`, {
    headers: { origin: String(baseURL) },
    data: { content: IBAN_MESSAGE },
  });
  expect(flagged.status()).toBe(201);

  // The buyer reports the listing from its page.
  await buyer.page.goto(`/listings/${listingId}`);
  await buyer.page.getByRole('button', { name: /Block or report/ }).click();
  await buyer.page.getByRole('menuitem', { name: 'Report this listing' }).click();
  const dialog = buyer.page.getByRole('dialog', { name: 'Report this listing' });
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(dialog.getByText('Choose a reason')).toHaveCount(2);
  await dialog.getByLabel('Reason').selectOption({ label: 'Fraud or scam' });
  await dialog
    .getByLabel('What happened (optional)')
    .fill('Far below the LME price; asks for a deposit by wire.');
  await expectAccessible(buyer.page);
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(buyer.page.getByText('Report sent. An administrator will look at it.')).toBeVisible();

  const admin = await signedInPage(browser, String(baseURL), DEMO_ADMIN, DEMO_PASSWORD);
  await admin.goto('/admin');
  // The dashboard counts the queue on the Reports card, which opens it.
  await expect(admin.getByTestId('count-openReports')).toHaveText(/^[1-9]\d* open reports?$/);
  await admin
    .getByRole('link', { name: /Reports/ })
    .first()
    .click();
  await expect(admin).toHaveURL(/\/admin\/reports$/);
  const listingReport = admin
    .getByRole('article', { name: 'Listing: Fraud or scam' })
    .filter({ hasText: title });
  await expect(listingReport).toContainText('Listing: Fraud or scam');
  await expect(listingReport).toContainText('Far below the LME price');
  // The flag names the conversation, whose subject is the listing's title.
  const fraudFlag = admin.getByRole('article', { name: /^Message: Bank details/ }).filter({ hasText: title });
  await expect(fraudFlag).toContainText('Filed by the platform');
  await expect(fraudFlag).toContainText('flagged: iban');
  await expectAccessible(admin);
  await attachScreenshots(admin, testInfo, 'report-queue');

  // The listing is hidden with a reason; the flag is dismissed.
  await listingReport.getByRole('button', { name: 'Hide Item' }).click();
  const hide = admin.getByRole('dialog', { name: 'Hide this item?' });
  await hide.getByLabel('What the user is told').fill('Listing price and payment terms match a known scam.');
  await hide.getByRole('button', { name: 'Hide Item' }).click();
  await expect(admin.getByText('Item hidden', { exact: true }).first()).toBeVisible();
  await fraudFlag.getByRole('button', { name: 'Dismiss' }).click();
  await expect(admin.getByText('Report dismissed')).toBeVisible();
  await expect(admin.getByRole('article').filter({ hasText: title })).toHaveCount(0);
  await expect(fraudFlag).toHaveCount(0);

  await admin.getByRole('button', { name: 'Resolved' }).click();
  await expect(listingReport).toContainText('Item hidden by admin@recytrade.test');
  // The hidden listing is gone for the buyer.
  const gone = await buyer.page.request.get(`/api/listings/${listingId}`);
  expect(gone.status()).toBe(404);
});
