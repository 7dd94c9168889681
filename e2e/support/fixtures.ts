import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  test as base,
  expect,
  type Page,
  type TestInfo,
} from '@playwright/test';

export const DEMO_PASSWORD = 'Recytrade-demo-2026';
export const DEMO_TRADER = 'maria@greenloop-metals.test';
export const DEMO_ADMIN = 'admin@recytrade.test';

/**
 * Fails on any serious or critical axe-core violation of the page once it has settled: a toast or
 * dialog still fading in has half-transparent text that axe would measure mid-animation.
 */
export async function expectAccessible(page: Page) {
  // Settled means: every toast mounted and fully opaque (or gone), no finite animation or transition
  // running, and that held for 150 ms. A toast raised in the same render as the text
  // a test waited for mounts a frame later, so a single check can pass before it exists.
  await page
    .waitForFunction(
      (key) => {
        const settled = () =>
          [...document.querySelectorAll('[data-sonner-toast]')].every(
            (t) =>
              t.getAttribute('data-removed') === 'true' ||
              t.getAttribute('data-visible') === 'false' ||
              (t.getAttribute('data-mounted') === 'true' && getComputedStyle(t).opacity === '1'),
          ) &&
          document
            .getAnimations()
            .every(
              (a) =>
                a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
            );
        const w = window as unknown as { __axeSettled?: { key: number; since: number } };
        if (!settled()) {
          w.__axeSettled = undefined;
          return false;
        }
        if (w.__axeSettled?.key !== key) w.__axeSettled = { key, since: performance.now() };
        return performance.now() - w.__axeSettled.since >= 150;
      },
      Math.random(),
      { timeout: 5_000, polling: 50 },
    )
    .catch(() => undefined);
  // A toast on its way out is not part of the page any more. Legacy mode runs axe in the page itself:
  // the product has no cross-origin frames, and the default mode opens a blank page per check to merge
  // frame results, which costs a second or two each time.
  // Sections laid out only near the screen (`content-visibility: auto`) have no rendering for axe to
  // measure until scrolled to: they are measured as they render once a reader reaches them.
  const fullLayout = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .exclude('[data-sonner-toast][data-removed="true"]')
    .analyze();
  await fullLayout.evaluate((style) => style.remove());
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = blocking.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'axe-core serious/critical violations').toEqual([]);
}

type Email = { id: string; to: string; subject: string; kind: string; text: string; html: string };

/** Reads the dev mailbox of the running server until an email of that kind reaches the address. */
export async function waitForEmail(request: APIRequestContext, to: string, kind: string): Promise<Email> {
  let found: Email | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const { emails } = (await res.json()) as { emails: Email[] };
        found = emails.find((e) => e.kind === kind);
        return Boolean(found);
      },
      { timeout: 15_000, message: `a ${kind} email to ${to}` },
    )
    .toBe(true);
  return found as Email;
}

export function linkFromEmail(email: Email, pathPrefix: string): string {
  const match = email.text.match(
    new RegExp(`https?://[^\\s]+${pathPrefix.replace('/', '\\/')}\\?token=[^\\s]+`),
  );
  if (!match) throw new Error(`No ${pathPrefix} link in the email`);
  return match[0];
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@e2e.test`;
}

export const test = base.extend<{ page: Page }>({
  // Each test's page gets its own context (axe needs one from browser.newContext()).
  page: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});
export { expect };

export type Account = { email: string; password: string; fullName: string; company: string };

/** Signs up and confirms through the API and the dev mailbox, for journeys that start signed out. */
export async function createConfirmedAccount(
  request: APIRequestContext,
  baseURL: string,
  prefix = 'trader',
): Promise<Account> {
  const account = {
    email: uniqueEmail(prefix),
    password: 'e2e-secret-42',
    fullName: 'Jordan Lee',
    company: 'Lee Scrap Co',
  };
  const headers = { origin: baseURL };
  const signUp = await request.post('/api/accounts/sign-up', {
    headers,
    data: { ...account, sector: 'Metal Recycling' },
  });
  expect(signUp.status()).toBe(201);
  const email = await waitForEmail(request, account.email, 'email-verification');
  const token = decodeURIComponent(linkFromEmail(email, '/auth/confirm').split('token=')[1]);
  const confirm = await request.post('/api/accounts/verify-email', { headers, data: { token } });
  expect(confirm.status()).toBe(204);
  return account;
}

/** Opens the Join dialog from the navigation and signs in. */
export async function signInThroughDialog(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Sign In' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  // "Welcome!" on an account's first sign-in, "Welcome back!" afterwards.
  await expect(page.getByText(/^Welcome( back)?!$/)).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** Signs a request context in through the API (the same-origin guard wants the Origin header). */
export async function signInByApi(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password: string,
) {
  const res = await request.post('/api/accounts/sign-in', {
    headers: { origin: baseURL },
    data: { email, password },
  });
  expect(res.ok()).toBe(true);
}

/** Fills the sandbox checkout's card form (4242… succeeds; the sandbox lists the declining numbers). */
export async function fillSandboxCard(checkout: Page, number = '4242 4242 4242 4242') {
  await checkout.getByLabel('Card number').fill(number);
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByLabel('Name on card').fill('Jordan Lee');
}

/** A second browser context signed in through the dialog: the other party of a two-user journey. */
export async function signedInPage(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await signInThroughDialog(page, email, password);
  return page;
}

/** Screenshots at desktop and phone widths, attached to the report for a look. */
export async function attachScreenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await testInfo.attach(`${name}-${width}`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * Runs `open` (the click that starts a checkout or opens the portal) and returns the provider's page,
 * which opens in a new tab of the same browser.
 */
export async function openProviderTab(page: Page, open: () => Promise<void>): Promise<Page> {
  const popup = page.context().waitForEvent('page');
  await open();
  const tab = await popup;
  await tab.waitForURL(/\/sandbox\/(checkout|portal)\//);
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  return tab;
}

/** Marks the document, so expectNotReloaded can prove a later change arrived without a reload. */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}

export async function expectNotReloaded(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true),
    'the page was not reloaded',
  ).toBe(true);
}

/** The original tab's state while the provider's tab is open: says so, offers to reopen, passes axe. */
export async function expectWaitingForPayment(page: Page) {
  const waiting = page.getByRole('dialog', { name: 'Waiting for payment in the other tab' });
  await expect(waiting).toBeVisible();
  await expect(waiting.getByRole('link', { name: 'Reopen checkout' })).toHaveAttribute('target', '_blank');
  await expect(waiting.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expectAccessible(page);
  return waiting;
}
