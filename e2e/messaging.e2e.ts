import type { Page } from '@playwright/test';
import {
  attachScreenshots,
  createConfirmedAccount,
  DEMO_PASSWORD,
  DEMO_TRADER,
  expect,
  expectAccessible,
  expectNotReloaded,
  expectWaitingForPayment,
  fillSandboxCard,
  markDocument,
  openProviderTab,
  signedInPage,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

/** A sell listing of the demo trader Maria Santos (apps/server/src/db/seed-listings.ts). */
const MARIA_LISTING = 'Aluminium UBC bales (Taldack)';
/** A listing of another demo trader, Tom Becker, for the premium journey. */
const TOM_LISTING = 'PET bottle bales, clear';

/** Opens the start-conversation dialog from the listing's card on the marketplace. */
async function openMessageDialog(page: Page, listingTitle: string, sellerName: string) {
  await page.goto(`/marketplace?q=${encodeURIComponent(listingTitle.split(' ').slice(0, 2).join(' '))}`);
  const card = page.getByRole('listitem').filter({ hasText: listingTitle }).first();
  await card.getByRole('button', { name: 'Message seller' }).click();
  const dialog = page.getByRole('dialog', { name: `Message ${sellerName}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a free trader pays the contact fee, and the two traders message each other live', async ({
  page: buyer,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const seller = await signedInPage(browser, String(baseURL), DEMO_TRADER, DEMO_PASSWORD);
  await seller.goto('/dashboard');
  await expect(seller.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

  const account = await createConfirmedAccount(buyer.request, String(baseURL), 'buyer');
  await buyer.goto('/');
  await signInThroughDialog(buyer, account.email, account.password);

  // The dialog states the fee and offers Premium instead.
  const dialog = await openMessageDialog(buyer, MARIA_LISTING, 'Maria Santos');
  await expect(dialog.getByText('One-time contact fee: $10.00')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await expect(dialog.getByLabel('Subject')).toHaveAttribute('placeholder', 'Conversation with Maria Santos');
  await expectAccessible(buyer);
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(dialog.getByText('Message cannot be empty')).toBeVisible();
  const firstMessage = 'Hello Maria, is the UBC lot still available for shipment to Hamburg this month?';
  await dialog.getByLabel('Message', { exact: true }).fill(firstMessage);
  await markDocument(buyer);
  const checkout = await openProviderTab(buyer, () =>
    dialog.getByRole('button', { name: 'Continue to Payment' }).click(),
  );

  // The sandbox checkout of the contact fee, in a new tab; this tab waits for it.
  const waiting = await expectWaitingForPayment(buyer);
  await expect(waiting).toContainText('the contact fee to Maria Santos');
  await attachScreenshots(buyer, testInfo, 'waiting-for-payment');
  await expect(checkout.getByRole('button', { name: 'Pay $10.00' })).toBeVisible();
  await fillSandboxCard(checkout);
  await checkout.getByRole('button', { name: 'Pay $10.00' }).click();

  // This tab follows without a reload: the payment is confirmed and the conversation opens; the
  // checkout tab returns to /messages and says it can be closed. The seller, elsewhere in the app,
  // gets the toast at the same moment.
  await Promise.all([
    expect(buyer.getByText('Conversation started')).toBeVisible({ timeout: 20_000 }),
    expect(checkout).toHaveURL(/\/messages\?conversation=/, { timeout: 20_000 }),
    expect(seller.getByText('New Message')).toBeVisible({ timeout: 20_000 }),
    expect(seller.getByText(firstMessage.slice(0, 50))).toBeVisible({ timeout: 20_000 }),
  ]);
  await expect(buyer).toHaveURL(/\/messages\?conversation=/);
  await expect(waiting).toBeHidden();
  await expect(checkout.getByText('You can close this tab')).toBeVisible();
  await checkout.close();
  await expectNotReloaded(buyer);
  const buyerThread = buyer.getByRole('region', { name: 'Conversation messages' });
  await expect(buyerThread.getByText(firstMessage)).toBeVisible();
  await expect(buyer.getByRole('heading', { name: /Maria Santos/ })).toBeVisible();
  await expect(buyerThread.getByTestId('message-status').last()).toHaveText('Sent');

  // The seller's badge follows without reloading.
  const unreadLink = seller.getByRole('link', { name: 'Messages, 1 unread' });
  await expect(unreadLink).toBeVisible();
  // On a phone the menu lists Messages with the same total.
  await seller.setViewportSize({ width: 375, height: 740 });
  await seller.getByRole('button', { name: 'Open menu' }).click();
  const phoneMenu = seller.locator('#mobile-menu');
  await expect(phoneMenu.getByRole('link', { name: 'Messages, 1 unread' })).toHaveAttribute(
    'href',
    '/messages',
  );
  await expect(phoneMenu.getByTestId('mobile-messages-unread-badge')).toHaveText('1');
  await seller.getByRole('button', { name: 'Close menu' }).click();
  await seller.setViewportSize({ width: 1280, height: 720 });
  await unreadLink.click();
  await expect(seller).toHaveURL(/\/messages$/);
  const conversations = seller.getByRole('navigation', { name: 'Conversations' });
  const row = conversations.getByRole('link', { name: /Jordan Lee/ });
  await expect(row).toContainText('Conversation with Maria Santos');
  await expect(row).toContainText(firstMessage.slice(0, 30));
  await expect(row.getByText('1 unread')).toBeVisible();
  await expect(seller.getByText('Select a conversation')).toBeVisible();
  await expectAccessible(seller);

  await row.click();
  const sellerThread = seller.getByRole('region', { name: 'Conversation messages' });
  await expect(sellerThread.getByText(firstMessage)).toBeVisible();
  // Opening it marks it read: the badge clears, and the buyer sees "Read" live.
  await expect(seller.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await expect(row.getByText('1 unread')).toHaveCount(0);
  await expect(buyerThread.getByTestId('message-status').last()).toHaveText('Read');
  await expectAccessible(seller);

  // The seller replies to the first message; the buyer sees it with the quote, without reloading.
  await sellerThread.getByRole('button', { name: /^Reply to Jordan Lee/ }).click();
  await expect(seller.getByText('Replying to Jordan Lee')).toBeVisible();
  const composer = seller.getByLabel('Message Jordan Lee');
  const reply = 'Yes, 60,000 lb are ready. We can load next Tuesday.';
  await composer.fill(reply);
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect(sellerThread.getByText(reply)).toBeVisible();
  await expect(buyerThread.getByText(reply)).toBeVisible({ timeout: 15_000 });
  await expect(buyerThread.getByRole('blockquote').last()).toContainText(firstMessage);
  // The buyer's open thread marks it read, which the seller sees.
  await expect(sellerThread.getByTestId('message-status').last()).toHaveText('Read');
  // The open thread announces it too: "New Message" with the first 50 characters, and no unread badge.
  const buyerToast = buyer.locator('[data-sonner-toast]').filter({ hasText: 'New Message' });
  await expect(buyerToast).toBeVisible();
  await expect(buyerToast).toContainText(`${reply.slice(0, 50)}…`);
  await expect(buyerToast).not.toContainText(reply);
  await expect(buyerToast.getByRole('button', { name: 'Open' })).toHaveCount(0);
  await expect(buyer.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

  // Shift+Enter inserts a new line; Enter sends; blank text cannot be sent.
  const buyerComposer = buyer.getByLabel('Message Maria Santos');
  await expect(buyer.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await buyerComposer.fill('   ');
  await expect(buyer.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await buyerComposer.fill('');
  await buyerComposer.pressSequentially('Great.');
  await buyerComposer.press('Shift+Enter');
  await buyerComposer.pressSequentially('Please send the weighbridge ticket.');
  await expect(buyerComposer).toHaveValue('Great.\nPlease send the weighbridge ticket.');
  await buyerComposer.press('Enter');
  await expect(buyerComposer).toHaveValue('');
  const multiLine = buyerThread.getByText(/Great\.\s+Please send the weighbridge ticket\./);
  await expect(multiLine).toBeVisible();
  await expect(sellerThread.getByText(/Great\.\s+Please send the weighbridge ticket\./)).toBeVisible();
  await expectAccessible(buyer);

  // Phone width: the list, then the thread alone with a back button.
  await buyer.setViewportSize({ width: 375, height: 740 });
  await buyer.goto('/messages');
  const buyerList = buyer.getByRole('navigation', { name: 'Conversations' });
  await expect(buyerList.getByRole('link', { name: /Maria Santos/ })).toBeVisible();
  await expect(buyer.getByText('Select a conversation')).toBeHidden();
  await buyerList.getByRole('link', { name: /Maria Santos/ }).click();
  await expect(buyerList).toBeHidden();
  await expect(buyerThread.getByText(reply)).toBeVisible();
  await expectAccessible(buyer);
  await buyer.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(buyerList).toBeVisible();
  await expect(buyer).toHaveURL(/\/messages$/);

  await seller.context().close();
});

test('a signed-out visit to /messages lands on the home page', async ({ page }) => {
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
});

test('a trader who cancels the contact-fee checkout is told nothing was charged', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const account = await createConfirmedAccount(page.request, String(baseURL), 'canceller');
  await page.goto('/');
  await signInThroughDialog(page, account.email, account.password);
  const dialog = await openMessageDialog(page, TOM_LISTING, 'Tom Becker');
  await dialog.getByLabel('Message', { exact: true }).fill('Could you share a photo of the bales?');
  await markDocument(page);
  const checkout = await openProviderTab(page, () =>
    dialog.getByRole('button', { name: 'Continue to Payment' }).click(),
  );
  const waiting = await expectWaitingForPayment(page);
  await checkout.getByRole('button', { name: 'Cancel and return to Recytrade' }).click();
  await expect(checkout).toHaveURL(/\/messages$/);
  // Both tabs say so: the checkout tab it returned to, and the waiting tab, at once.
  await Promise.all([
    expect(checkout.getByText('Payment cancelled')).toBeVisible(),
    expect(page.getByText('Payment cancelled')).toBeVisible(),
  ]);
  await expect(checkout.getByText('No conversations yet')).toBeVisible();
  await expect(checkout.getByRole('link', { name: 'Browse Marketplace' })).toBeVisible();
  await expect(checkout.getByText('You can close this tab')).toBeVisible();
  await expect(waiting).toBeHidden();
  await expectNotReloaded(page);
});

test('a Premium trader starts a conversation without paying', async ({ page, baseURL }) => {
  const account = await createConfirmedAccount(page.request, String(baseURL), 'premium');
  await page.goto('/');
  await signInThroughDialog(page, account.email, account.password);
  await page.goto('/subscription');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Upgrade Now' }).click();
  const checkout = await popup;
  await fillSandboxCard(checkout);
  await checkout.getByRole('button', { name: /^Subscribe/ }).click();
  await expect(checkout.getByText('Subscription activated!')).toBeVisible();
  await checkout.close();
  // The webhook that activates Premium may land a moment after the checkout page returns.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('button', { name: "You're subscribed!" })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  const dialog = await openMessageDialog(page, TOM_LISTING, 'Tom Becker');
  await expect(dialog.getByText('Messaging is free with your Premium plan')).toBeVisible();
  await expect(dialog.getByText(/contact fee/)).toHaveCount(0);
  await dialog.getByLabel('Subject').fill('PET bales for our Rotterdam line');
  await dialog.getByLabel('Message', { exact: true }).fill('Hello Tom, what is your monthly volume?');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/messages\?conversation=/);
  await expect(page.getByRole('heading', { name: /Tom Becker/ })).toBeVisible();
  await expect(page.getByText('PET bales for our Rotterdam line').first()).toBeVisible();
  await expect(page.getByText('Hello Tom, what is your monthly volume?').first()).toBeVisible();
});

test('a trader turns the unread-message digest off in the account preferences', async ({ page, baseURL }) => {
  const account = await createConfirmedAccount(page.request, String(baseURL), 'digest');
  await page.goto('/');
  await signInThroughDialog(page, account.email, account.password);
  await page.goto('/account?tab=preferences');
  const digest = page.getByRole('switch', { name: 'Email me a digest of unread messages' });
  await expect(digest).toBeChecked();
  await digest.click();
  await expect(page.getByText('Preferences saved')).toBeVisible();
  await expect(digest).not.toBeChecked();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email me a digest of unread messages' })).not.toBeChecked();
});
