import { randomUUID } from 'node:crypto';
import { CHECKOUT_FAILED_MESSAGE } from '@app/shared/billing/billing.schemas';
import { AMOUNT_TOO_LARGE_MESSAGE, INVALID_AMOUNT_MESSAGE } from '@app/shared/money/money';
import {
  CHECKOUT_BUSY_MESSAGE,
  PAYMENT_ALREADY_MADE_MESSAGE,
  PAYMENT_NOT_FOUND_MESSAGE,
  PAYMENT_NOT_PENDING_MESSAGE,
  type Payment,
  type PaymentPurpose,
  type PaymentTargetType,
} from '@app/shared/payments/payments.schemas';
import { AppError } from '../../lib/app-error.ts';
import {
  CHECKOUT_LEASE_MS,
  CHECKOUT_LEASE_WAIT_MS,
  callProvider,
  MAX_CHARGE_CENTS,
  MIN_CHARGE_CENTS,
  type Payer,
  type PaymentsContext,
  type StartCheckoutInput,
  sleep,
  toPaymentView,
} from './payment-context.ts';
import {
  claimCheckoutLease,
  findCustomer,
  findCustomerByProviderId,
  findLivePayment,
  findPayment,
  insertCheckout,
  insertCustomer,
  insertPayment,
  listPaymentsByUser,
  markCheckoutsSuperseded,
  type PaymentRow,
  releaseCheckoutLease,
  updatePayment,
} from './payments.repository.ts';
import { syncCheckoutSession } from './sync-checkout.ts';

/** What opening, closing and syncing a checkout page uses (it may book the page it finds paid). */
type CheckoutPageDeps = Pick<
  PaymentsContext,
  'appUrl' | 'clock' | 'db' | 'events' | 'ledger' | 'logError' | 'provider' | 'purposeHandlers' | 'realtime'
>;

/** What the provider customer lookups use. */
type CustomerDeps = Pick<PaymentsContext, 'db' | 'provider'>;

/** The provider's customer id for a user, created at the provider the first time. */
export async function ensureCustomer(
  deps: CustomerDeps,
  user: Payer,
  failureMessage = CHECKOUT_FAILED_MESSAGE,
): Promise<string> {
  const { db, provider } = deps;
  const existing = await findCustomer(db, user.id, provider.name);
  if (existing) return existing.providerCustomerId;
  const created = await callProvider(failureMessage, () =>
    provider.createCustomer({ userId: user.id, email: user.email, name: user.name }),
  );
  const stored = await insertCustomer(db, {
    userId: user.id,
    provider: provider.name,
    providerCustomerId: created.id,
  });
  return stored.providerCustomerId;
}

export async function findProviderCustomerId(deps: CustomerDeps, userId: string): Promise<string | null> {
  const { db, provider } = deps;
  return (await findCustomer(db, userId, provider.name))?.providerCustomerId ?? null;
}

export async function findUserIdByCustomer(
  deps: CustomerDeps,
  providerCustomerId: string,
): Promise<string | null> {
  const { db, provider } = deps;
  return (await findCustomerByProviderId(db, provider.name, providerCustomerId))?.userId ?? null;
}

/**
 * Starts (or resumes) a one-time payment: one open or paid payment per payer, purpose and target,
 * and at most one open checkout page for it. A double click or a retry gets the same page; a new
 * amount (another payment method, a new price) expires the old page at the provider before the new
 * one opens, so a stale tab can no longer be paid.
 */
export async function startCheckout(
  deps: CheckoutPageDeps,
  input: StartCheckoutInput,
): Promise<{ payment: Payment; url: string }> {
  const { db, provider } = deps;
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < MIN_CHARGE_CENTS)
    throw new AppError('VALIDATION_FAILED', INVALID_AMOUNT_MESSAGE);
  if (input.amountCents > MAX_CHARGE_CENTS) throw new AppError('VALIDATION_FAILED', AMOUNT_TOO_LARGE_MESSAGE);
  const key = {
    userId: input.user.id,
    purpose: input.purpose,
    targetType: input.targetType,
    targetId: input.targetId,
  };
  let payment = await findLivePayment(db, key);
  if (payment?.status === 'succeeded') throw new AppError('CONFLICT', PAYMENT_ALREADY_MADE_MESSAGE);
  if (!payment) {
    payment =
      (await insertPayment(db, {
        id: `pay_${randomUUID()}`,
        ...key,
        description: input.description,
        amountCents: input.amountCents,
        provider: provider.name,
        metadata: input.metadata ?? {},
      })) ?? (await findLivePayment(db, key));
    if (!payment) throw new AppError('CONFLICT', PAYMENT_ALREADY_MADE_MESSAGE);
  }
  const url = await openCheckoutFor(deps, payment.id, input.user, {
    amountCents: input.amountCents,
    description: input.description,
    metadata: input.metadata,
    successPath: input.successPath,
    cancelPath: input.cancelPath,
  });
  const current = await findPayment(db, payment.id);
  return { payment: toPaymentView(current ?? payment), url };
}

/**
 * Closes the payer's open checkout page for a target whose amount no longer holds (a commission
 * share changed): expired at the provider, so a stale tab cannot pay it. A page paid a moment
 * before comes back paid and is booked now; the purpose's owner gives back what is beyond its due.
 */
export async function closeCheckout(
  deps: Pick<
    PaymentsContext,
    'clock' | 'db' | 'events' | 'ledger' | 'logError' | 'provider' | 'purposeHandlers' | 'realtime'
  >,
  key: {
    userId: string;
    purpose: Exclude<PaymentPurpose, 'subscription'>;
    targetType: PaymentTargetType;
    targetId: string;
  },
): Promise<void> {
  const { db, provider } = deps;
  const live = await findLivePayment(db, key);
  if (live?.status !== 'pending' || !live.providerCheckoutId) return;
  const closed = await withCheckoutLease(deps, live.id, async () => {
    const payment = await findPayment(db, live.id);
    const pageId = payment?.status === 'pending' ? payment.providerCheckoutId : null;
    if (!pageId) return null;
    return callProvider(CHECKOUT_FAILED_MESSAGE, () => provider.expireCheckoutSession(pageId));
  });
  if (closed) await syncCheckoutSession(deps, closed.id);
}

/** The checkout URL of the payer's own pending payment (a new page when the old one expired). */
export async function resumeCheckout(
  deps: CheckoutPageDeps,
  paymentId: string,
  user: Payer,
): Promise<{ url: string }> {
  const { db } = deps;
  const payment = await findPayment(db, paymentId);
  if (!payment || payment.userId !== user.id) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);
  if (payment.status !== 'pending') throw new AppError('CONFLICT', PAYMENT_NOT_PENDING_MESSAGE);
  const url = await openCheckoutFor(deps, payment.id, user, {
    amountCents: payment.amountCents,
    description: payment.description,
    successPath: payment.metadata.successPath ?? '/dashboard?payment=success',
    cancelPath: payment.metadata.cancelPath ?? '/dashboard?payment=canceled',
  });
  return { url };
}

/**
 * Runs `work` while holding the payment's checkout lease, so concurrent requests for one payment
 * open one page between them: the others wait, then find the page this one opened.
 */
async function withCheckoutLease<T>(
  deps: Pick<PaymentsContext, 'db'>,
  paymentId: string,
  work: () => Promise<T>,
): Promise<T> {
  const { db } = deps;
  const claimId = randomUUID();
  const deadline = Date.now() + CHECKOUT_LEASE_WAIT_MS;
  // Real time, not the app clock: the lease guards concurrent requests, whatever day tests pretend it is.
  for (let wait = 20; ; wait = Math.min(wait * 2, 500)) {
    const now = new Date();
    if (await claimCheckoutLease(db, paymentId, claimId, now, new Date(now.getTime() - CHECKOUT_LEASE_MS)))
      break;
    if (Date.now() > deadline) throw new AppError('CONFLICT', CHECKOUT_BUSY_MESSAGE);
    await sleep(wait);
  }
  try {
    return await work();
  } finally {
    await releaseCheckoutLease(db, paymentId, claimId);
  }
}

async function openCheckoutFor(
  deps: CheckoutPageDeps,
  paymentId: string,
  user: Payer,
  want: {
    amountCents: number;
    description: string;
    metadata?: Record<string, string>;
    successPath: string;
    cancelPath: string;
  },
): Promise<string> {
  const { appUrl, db, provider } = deps;
  return withCheckoutLease(deps, paymentId, async () => {
    let payment = await findPayment(db, paymentId);
    if (!payment) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);
    if (payment.status === 'succeeded') throw new AppError('CONFLICT', PAYMENT_ALREADY_MADE_MESSAGE);
    if (payment.status !== 'pending') throw new AppError('CONFLICT', PAYMENT_NOT_PENDING_MESSAGE);
    if (payment.providerCheckoutId) {
      const open = await provider.getCheckoutSession(payment.providerCheckoutId).catch(() => null);
      const same = payment.amountCents === want.amountCents && open?.amountTotalCents === want.amountCents;
      if (open?.status === 'open' && open.url && same) return open.url;
      // The old page must be closed before a new one opens: paid meanwhile, it is booked (or
      // refunded) now, and the buyer is told it is paid instead of being charged twice.
      const closed =
        open?.status === 'open'
          ? await callProvider(CHECKOUT_FAILED_MESSAGE, () =>
              provider.expireCheckoutSession(payment?.providerCheckoutId as string),
            )
          : open;
      if (closed?.paymentStatus === 'paid') {
        await syncCheckoutSession(deps, closed.id);
        const after = await findPayment(db, paymentId);
        if (after?.status === 'succeeded') throw new AppError('CONFLICT', PAYMENT_ALREADY_MADE_MESSAGE);
      }
    }
    payment = (await updatePayment(db, paymentId, {
      amountCents: want.amountCents,
      description: want.description,
      providerCheckoutId: null,
      checkoutUrl: null,
      metadata: {
        ...payment.metadata,
        ...want.metadata,
        successPath: want.successPath,
        cancelPath: want.cancelPath,
      },
    })) as PaymentRow;
    const customerId = await ensureCustomer(deps, user);
    const paying = payment;
    const session = await callProvider(CHECKOUT_FAILED_MESSAGE, () =>
      provider.createPaymentCheckout({
        customerId,
        description: paying.description,
        amountCents: paying.amountCents,
        successUrl: appUrl + want.successPath,
        cancelUrl: appUrl + want.cancelPath,
        metadata: {
          paymentId: paying.id,
          purpose: paying.purpose,
          targetId: paying.targetId,
          userId: user.id,
        },
      }),
    );
    await insertCheckout(db, {
      id: `pco_${randomUUID()}`,
      paymentId,
      provider: provider.name,
      providerCheckoutId: session.id,
      amountCents: paying.amountCents,
    });
    await updatePayment(db, paymentId, { providerCheckoutId: session.id, checkoutUrl: session.url });
    await markCheckoutsSuperseded(db, paymentId, session.id);
    return session.url;
  });
}

/** A payment as its payer (or an administrator) may see it; anyone else gets 404. */
export async function getPayment(
  deps: Pick<PaymentsContext, 'db' | 'isAdmin'>,
  id: string,
  viewerId: string,
): Promise<Payment> {
  const { db } = deps;
  const payment = await findPayment(db, id);
  if (!payment || (payment.userId !== viewerId && !(await deps.isAdmin(viewerId))))
    throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND_MESSAGE);
  return toPaymentView(payment);
}

export async function listPayments(deps: Pick<PaymentsContext, 'db'>, userId: string): Promise<Payment[]> {
  const { db } = deps;
  return (await listPaymentsByUser(db, userId, 100)).map(toPaymentView);
}
