/** The test cards printed on the sandbox checkout page; any other number is refused. */
export const SANDBOX_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;
export const CARD_DECLINED_MESSAGE =
  'Your card was declined. Use the success card 4242 4242 4242 4242, or choose Klarna.';

/** What the hosted checkout and portal forms post. */
export type CheckoutForm = {
  email?: string;
  method?: string;
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
};

/** Checks a test card the way a real form would: known number, valid future expiry, CVC. */
export function checkTestCard(
  form: CheckoutForm,
): { ok: true; last4: string; declines: boolean } | { ok: false; message: string } {
  const number = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!number) return { ok: false, message: 'Enter a card number.' };
  if (number !== SANDBOX_TEST_CARDS.success && number !== SANDBOX_TEST_CARDS.declined)
    return { ok: false, message: 'This is a sandbox: use one of the test cards listed on this page.' };
  const expiry = (form.expiry ?? '').trim().match(/^(\d{2})\s*\/\s*(\d{2})$/);
  if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12)
    return { ok: false, message: 'Enter the expiry date as MM/YY.' };
  const endOfExpiryMonth = Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1);
  if (endOfExpiryMonth <= Date.now()) return { ok: false, message: 'Your card has expired.' };
  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim()))
    return { ok: false, message: 'Enter the 3-digit security code (CVC).' };
  return { ok: true, last4: number.slice(-4), declines: number === SANDBOX_TEST_CARDS.declined };
}
