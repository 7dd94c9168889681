import { PRODUCT_NAME } from '../catalog/catalog.ts';
import * as z from '../zod.ts';

export { PLATFORM_MESSAGES } from './platform-messages.ts';

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
  'platform.maintenance_mode': {
    schema: z.boolean(),
    default: false,
    description: 'Show visitors and traders the maintenance page; administrators keep full access',
  },
  'platform.registrations_open': {
    schema: z.boolean(),
    default: true,
    description: 'Accept new sign-ups; when off, sign-up is refused with a clear message',
  },
  'platform.new_listings_open': {
    schema: z.boolean(),
    default: true,
    description: 'Let traders create new listings; when off, creating a listing is refused',
  },
  'platform.name': {
    schema: z
      .string()
      .trim()
      .min(1, 'Please enter a platform name')
      .max(60, 'The platform name must be at most 60 characters'),
    default: PRODUCT_NAME,
    description: 'The name shown in the header, page titles and emails',
  },
  'deals.escrow_required': {
    schema: z.boolean(),
    default: true,
    description:
      'New deals must be funded into escrow before the seller ships; when off, parties may settle outside escrow',
  },
  'deals.claim_window_days': {
    schema: z
      .number()
      .int('The claim window must be a whole number of days')
      .min(1, 'The claim window must be between 1 and 6 days')
      .max(6, 'The claim window must be between 1 and 6 days'),
    default: 2,
    description:
      'Days after the buyer records delivery during which they may open a claim (never after the automatic release)',
  },
  'deals.claim_answer_days': {
    schema: z
      .number()
      .int('The answer window must be a whole number of days')
      .min(1, 'The answer window must be between 1 and 14 days')
      .max(14, 'The answer window must be between 1 and 14 days'),
    default: 3,
    description: 'Days the seller has to answer a claim before an administrator decides it',
  },
  'email.smtp_host': {
    schema: z.string().trim().max(253, 'The SMTP host must be at most 253 characters'),
    default: '',
    description: "SMTP server host; empty uses the server's SMTP_URL (or the dev mailbox when none is set)",
  },
  'email.smtp_port': {
    schema: z
      .number()
      .int('The SMTP port must be a whole number')
      .min(1, 'The SMTP port must be between 1 and 65535')
      .max(65_535, 'The SMTP port must be between 1 and 65535'),
    default: 587,
    description: 'SMTP server port (587 for STARTTLS, 465 for TLS)',
  },
  'email.from_address': {
    schema: z
      .string()
      .trim()
      .max(254)
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Please enter a valid from email address'),
    default: '',
    description: "The From address of every email; empty uses the server's MAIL_FROM",
  },
  'email.notifications_enabled': {
    schema: z.boolean(),
    default: true,
    description:
      'Send notification emails (deal updates, message digests, listing reviews); account emails always go',
  },
  'database.backup_frequency': {
    schema: z.enum(['6h', 'daily', 'weekly']),
    default: 'daily',
    description: 'How often the scheduled database backup runs when backups are configured',
  },
  'market.index_min_contributors': {
    schema: z
      .number()
      .int('Must be a whole number of companies')
      .min(1, 'At least one company must contribute')
      .max(100),
    default: 3,
    description:
      'Independent companies that must contribute before a price index point is published; else the last value carries forward',
  },
  'market.match_price_tolerance_bps': {
    schema: z.number().int().min(0).max(5000),
    default: 1000,
    description:
      "How far under the seller's price per tonne a buyer's price may be and still match, in basis points (1000 = 10%)",
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

/** GET /api/settings/platform: what every page needs to know about the platform's state. */
export const PlatformStatusSchema = z.object({
  name: z.string(),
  maintenanceMode: z.boolean(),
  registrationsOpen: z.boolean(),
  newListingsOpen: z.boolean(),
  escrowRequired: z.boolean(),
});
export type PlatformStatus = z.infer<typeof PlatformStatusSchema>;

/** The settings the platform status is read from: a change to one of them is news for every open page. */
export const PLATFORM_STATUS_KEYS: readonly SettingKey[] = [
  'platform.maintenance_mode',
  'platform.registrations_open',
  'platform.new_listings_open',
  'platform.name',
  'deals.escrow_required',
];

export const BACKUP_FREQUENCY_LABELS = {
  '6h': 'Every 6 hours',
  daily: 'Daily',
  weekly: 'Weekly',
} as const satisfies Record<SettingValues['database.backup_frequency'], string>;
