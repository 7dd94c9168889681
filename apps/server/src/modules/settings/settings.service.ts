import { PLAN_NAMES } from '@app/shared/billing/billing.schemas';
import { bpsToPercent } from '@app/shared/money/money';
import {
  defaultSettingValues,
  type Pricing,
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  type SettingKey,
  type SettingList,
  type SettingValues,
  type UpdateSettingsBody,
} from '@app/shared/settings/settings.schemas';
import type { Db } from '../../db/client.ts';
import { insertMissingSettings, listSettingRows, upsertSettings } from './settings.repository.ts';

export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * The one source of prices, fees and plan limits. Values are read from the database on every call
 * (no cache), so an admin's change is seen at once by every instance.
 */
export function createSettingsService(deps: { db: Db }) {
  const { db } = deps;

  /** Every setting: the stored value when it is valid, otherwise the specification's default. */
  async function getAll(): Promise<SettingValues> {
    const values = defaultSettingValues() as Record<SettingKey, unknown>;
    for (const row of await listSettingRows(db)) {
      if (!(row.key in SETTING_DEFINITIONS)) continue;
      const key = row.key as SettingKey;
      const parsed = SETTING_DEFINITIONS[key].schema.safeParse(row.value);
      if (parsed.success) values[key] = parsed.data;
    }
    return values as SettingValues;
  }

  async function get<K extends SettingKey>(key: K): Promise<SettingValues[K]> {
    return (await getAll())[key];
  }

  /** The public price list every page that shows a price reads. */
  async function getPricing(): Promise<Pricing> {
    const s = await getAll();
    return {
      currency: 'USD',
      premium: {
        name: PLAN_NAMES.premium,
        monthlyCents: s['billing.premium_monthly_cents'],
        interval: 'month',
      },
      free: { name: PLAN_NAMES.free, listingsPerMonth: s['billing.free_listings_per_month'] },
      contactFeeCents: s['fees.contact_fee_cents'],
      featuredListing: { feeCents: s['fees.featured_listing_cents'], days: s['fees.featured_listing_days'] },
      commissionRateBps: s['fees.commission_rate_bps'],
      commissionPercent: bpsToPercent(s['fees.commission_rate_bps']),
      wireProcessingFeeBps: s['fees.wire_processing_fee_bps'],
      wireProcessingFeePercent: bpsToPercent(s['fees.wire_processing_fee_bps']),
      moneyBackGuaranteeDays: s['billing.money_back_guarantee_days'],
    };
  }

  /** For the admin system screen: every key with its value, default and last change. */
  async function listForAdmin(): Promise<SettingList> {
    const [values, rows] = await Promise.all([getAll(), listSettingRows(db)]);
    const updated = new Map(rows.map((r) => [r.key, r.updatedAt]));
    return {
      settings: SETTING_KEYS.map((key) => ({
        key,
        value: values[key],
        defaultValue: SETTING_DEFINITIONS[key].default,
        description: SETTING_DEFINITIONS[key].description,
        updatedAt: updated.get(key)?.toISOString() ?? null,
      })),
    };
  }

  /** Stores the given values (already validated by the shared schema) and returns the new list. */
  async function updateSettings(body: UpdateSettingsBody, updatedBy: string): Promise<SettingList> {
    const rows = Object.entries(body)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => ({ key, value }));
    await upsertSettings(db, rows, updatedBy);
    return listForAdmin();
  }

  /** Writes the defaults of keys that have no row yet, so the stored settings are complete and editable. */
  async function seedDefaults(): Promise<void> {
    const defaults = defaultSettingValues();
    await insertMissingSettings(
      db,
      SETTING_KEYS.map((key) => ({ key, value: defaults[key] })),
    );
  }

  return { getAll, get, getPricing, listForAdmin, updateSettings, seedDefaults };
}
