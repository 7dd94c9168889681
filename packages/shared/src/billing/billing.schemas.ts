import * as z from '../zod.ts';

export const PLAN_NAMES = { free: 'Free', premium: 'Premium' } as const;
export type Plan = keyof typeof PLAN_NAMES;
/** The tier the auth state reports for a subscriber (the specification's subscription_tier). */
export const PREMIUM_TIER = 'premium';

export const SIGN_IN_TO_SUBSCRIBE_MESSAGE = 'Please sign in to subscribe.';
export const SIGN_IN_TO_MANAGE_MESSAGE = 'Please sign in to manage your subscription.';
export const CHECKOUT_FAILED_MESSAGE = 'Unable to create checkout session. Please try again.';
export const PORTAL_FAILED_MESSAGE = 'Unable to open customer portal. Please try again.';
export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have an active Premium subscription.';
export const MONEY_BACK_EXPIRED_MESSAGE = 'The 7-day money-back guarantee has ended for this subscription.';
export const NO_SUBSCRIPTION_MESSAGE = 'You have no active subscription.';
/** The money-back guarantee is granted once per customer: this account or its email had it before. */
export const MONEY_BACK_USED_MESSAGE =
  'You have already used the 7-day money-back guarantee. It applies once per customer.';
/** ...and once per company: another account of one of your companies had it before. */
export const MONEY_BACK_USED_BY_COMPANY_MESSAGE =
  'The 7-day money-back guarantee has already been used for your company. It applies once per company.';

/** Where the provider sends the browser back; the dashboard shows the specified toasts for these. */
export const CHECKOUT_RETURN_PATHS = {
  success: '/dashboard?success=true',
  canceled: '/dashboard?canceled=true',
  portalReturn: '/dashboard',
} as const;

/** GET /api/billing/subscription: the check-subscription answer plus what the status card shows. */
export const SubscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  subscriptionTier: z.string().nullable(),
  /** When premium ends or renews (the current period's end), ISO 8601; null without a subscription. */
  subscriptionEnd: z.string().nullable(),
  plan: z.enum(['free', 'premium']),
  /** The provider's status (active, past_due, canceled, incomplete...), null when never subscribed. */
  status: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  /** Until when "cancel with a full refund" is offered (7 days after the first payment), else null. */
  moneyBackEligibleUntil: z.string().nullable(),
  /** Why the money-back guarantee is not offered within its window (already used), else null. */
  moneyBackUnavailableReason: z.string().nullable(),
  priceCents: z.number().int(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** POST /api/billing/checkout and /api/billing/portal answer a URL the browser opens in a new tab. */
export const RedirectUrlSchema = z.object({ url: z.string() });
export type RedirectUrl = z.infer<typeof RedirectUrlSchema>;

/** Both bodies are empty: the server decides plan, price and return addresses. */
export const EmptyBodySchema = z.object({}).strict().nullish();

/** GET /api/billing/entitlements: what the user's plan allows, read by forms and banners. */
export const EntitlementsSchema = z.object({
  plan: z.enum(['free', 'premium']),
  listingLimitPerMonth: z.number().int().nullable(),
  contactFeeCents: z.number().int(),
  listingsExpire: z.boolean(),
});
export type EntitlementsView = z.infer<typeof EntitlementsSchema>;

/**
 * To the subscriber only: their subscription mirror changed (Premium started, renewed, set to cancel or
 * ended), published in the transaction that writes it. Open pages re-read the auth state and billing.
 */
export const SubscriptionChangedEventSchema = z.object({
  type: z.literal('subscription.changed'),
  subscribed: z.boolean(),
});

/** The toasts of a subscription checkout's outcome (document 1: 'Subscription activated!', 'Subscription canceled'). */
export const SUBSCRIPTION_CHECKOUT_TOASTS = {
  activated: {
    title: 'Subscription activated!',
    description: 'Welcome to Premium. Your listings are now unlimited and messaging is free.',
  },
  canceled: {
    title: 'Subscription canceled',
    description: 'Checkout was canceled and you have not been charged. You can subscribe at any time.',
  },
} as const;
