import { z } from 'zod';

const cents = (max: number) => z.number().int('Must be a whole number of cents').min(0).max(max);
const bps = z.number().int('Must be whole basis points').min(0).max(10_000);

/**
 * Every system setting: its value schema and the specification's default. The settings table holds
 * overrides (edited later on the admin system screen); a key without a row reads its default.
 */
export const SETTING_DEFINITIONS = {
  'billing.premium_monthly_cents': {
    schema: cents(100_000_00).min(100, 'The premium price must be at least $1.00'),
    default: 4900,
    description: 'Premium plan price per month, in cents',
  },
  'billing.free_listings_per_month': {
    schema: z.number().int().min(0).max(1000),
    default: 5,
    description: 'Listings a free user may create per calendar month',
  },
  'billing.money_back_guarantee_days': {
    schema: z.number().int().min(0).max(60),
    default: 7,
    description: 'Days after the first payment during which a subscriber can cancel with a full refund',
  },
  'fees.contact_fee_cents': {
    schema: cents(100_000),
    default: 1000,
    description: 'Fee a free user pays to start a new conversation, in cents',
  },
  'fees.featured_listing_cents': {
    schema: cents(100_000),
    default: 1500,
    description: 'Price of featuring a listing, in cents',
  },
  'fees.featured_listing_days': {
    schema: z.number().int().min(1).max(365),
    default: 7,
    description: 'How long a paid featured placement lasts, in days',
  },
  'fees.commission_rate_bps': {
    schema: bps,
    default: 300,
    description: 'Platform commission on a deal, in basis points (300 = 3%)',
  },
  'fees.wire_processing_fee_bps': {
    schema: bps,
    default: 200,
    description: 'Processing fee deducted from a verified wire transfer, in basis points (200 = 2%)',
  },
  'listings.pre_moderation': {
    schema: z.boolean(),
    default: false,
    description: 'Hide new listings from the marketplace until an administrator approves them',
  },
} as const satisfies Record<string, { schema: z.ZodType<unknown>; default: unknown; description: string }>;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTING_DEFINITIONS)[K]['schema']>;
export type SettingValues = { [K in SettingKey]: SettingValue<K> };
export const SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[];

export function defaultSettingValues(): SettingValues {
  return Object.fromEntries(SETTING_KEYS.map((k) => [k, SETTING_DEFINITIONS[k].default])) as SettingValues;
}

/** What GET /api/settings/pricing answers: every price and fee the web shows, in cents and percents. */
export const PricingSchema = z.object({
  currency: z.literal('USD'),
  premium: z.object({ name: z.string(), monthlyCents: z.number().int(), interval: z.literal('month') }),
  free: z.object({ name: z.string(), listingsPerMonth: z.number().int() }),
  contactFeeCents: z.number().int(),
  featuredListing: z.object({ feeCents: z.number().int(), days: z.number().int() }),
  commissionRateBps: z.number().int(),
  commissionPercent: z.number(),
  wireProcessingFeeBps: z.number().int(),
  wireProcessingFeePercent: z.number(),
  moneyBackGuaranteeDays: z.number().int(),
});
export type Pricing = z.infer<typeof PricingSchema>;

/** One row of GET /api/admin/settings. */
export const SettingEntrySchema = z.object({
  key: z.string(),
  value: z.unknown(),
  defaultValue: z.unknown(),
  description: z.string(),
  updatedAt: z.string().nullable(),
});
export const SettingListSchema = z.object({ settings: z.array(SettingEntrySchema) });
export type SettingList = z.infer<typeof SettingListSchema>;

/** PATCH /api/admin/settings: any subset of keys; each value is checked against its own schema. */
export const UpdateSettingsBodySchema = z
  .object(
    Object.fromEntries(SETTING_KEYS.map((k) => [k, SETTING_DEFINITIONS[k].schema.optional()])) as {
      [K in SettingKey]: z.ZodOptional<(typeof SETTING_DEFINITIONS)[K]['schema']>;
    },
  )
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Provide at least one setting to change');
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBodySchema>;
