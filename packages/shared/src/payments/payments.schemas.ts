import * as z from '../zod.ts';

/** What a payment pays for; each purpose has one owning domain that is told when it succeeds. */
export const PAYMENT_PURPOSES = [
  'subscription',
  'contact_fee',
  'featured_listing',
  'escrow_funding',
  'commission',
] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** The kind of record a payment is for (its target). */
export const PAYMENT_TARGET_TYPES = ['subscription', 'conversation', 'listing', 'deal', 'user'] as const;
export type PaymentTargetType = (typeof PAYMENT_TARGET_TYPES)[number];

export const PAYMENT_STATUSES = [
  'pending',
  'succeeded',
  'failed',
  'canceled',
  'refunded',
  'partially_refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** One payment as GET /api/payments and GET /api/payments/:id answer it. */
export const PaymentSchema = z.object({
  id: z.string(),
  purpose: z.enum(PAYMENT_PURPOSES),
  targetType: z.enum(PAYMENT_TARGET_TYPES),
  targetId: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.string(),
  createdAt: z.string(),
  succeededAt: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentListSchema = z.object({ payments: z.array(PaymentSchema) });
export type PaymentList = z.infer<typeof PaymentListSchema>;

export const PAYMENT_ALREADY_MADE_MESSAGE = 'This has already been paid.';
export const PAYMENT_NOT_PENDING_MESSAGE = 'This payment is no longer awaiting payment.';
export const PAYMENT_NOT_FOUND_MESSAGE = 'Payment not found';
export const CHECKOUT_BUSY_MESSAGE =
  'This payment is being prepared in another window. Try again in a moment.';

/**
 * To the payer only: one of their payments reached an outcome (paid, failed, or its checkout expired),
 * published in the transaction that records it. A page waiting on a checkout in another tab follows it.
 */
export const PaymentUpdatedEventSchema = z.object({
  type: z.literal('payment.updated'),
  payment: z.object({
    id: z.string(),
    purpose: z.enum(PAYMENT_PURPOSES),
    targetId: z.string(),
    status: z.enum(PAYMENT_STATUSES),
  }),
});
export type PaymentUpdatedEvent = z.infer<typeof PaymentUpdatedEventSchema>;
