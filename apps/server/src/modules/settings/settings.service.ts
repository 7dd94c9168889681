import { isDeepStrictEqual } from 'node:util';
import { PLAN_NAMES } from '@app/shared/billing/billing.schemas';
import { bpsToPercent } from '@app/shared/money/money';
import {
  defaultSettingValues,
  type PlatformStatus,
  type Pricing,
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  type SettingKey,
  type SettingList,
  type SettingValues,
  type UpdateSettingsBody,
} from '@app/shared/settings/settings.schemas';
import type { Db } from '../../db/client.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { type AuditActor, type AuditRecorder, noAudit } from '../access/index.ts';
import { insertMissingSettings, listSettingRows, upsertSettings } from './settings.repository.ts';

export type SettingsService = ReturnType<typeof createSettingsService>;
/** The settings an update really changed, each with its old and new value. */
export type SettingChanges = Partial<{ [K in SettingKey]: { from: SettingValues[K]; to: SettingValues[K] } }>;

/** How long an instance may answer the reads of every request from memory (getPlatformStatus, getRecent). */
export const PLATFORM_STATUS_MAX_AGE_MS = 2000;

/**
 * The one source of prices, fees, plan limits and the platform switches. Values are read from the
 * database on every call (no cache), so an admin's change is seen at once by every instance; only the
 * reads made on every request (the platform status, the marketplace's moderation switch) are cached,
 * for at most PLATFORM_STATUS_MAX_AGE_MS.
 */
export function createSettingsService(deps: { db: Db; audit?: AuditRecorder }) {
  const { db } = deps;
  const audit = deps.audit ?? noAudit;

  // The maintenance check reads the status on every API request, the marketplace search its
  // moderation switch. A settings read per request would double the database round trips of the
  // cheapest requests, so each instance keeps the values for at most PLATFORM_STATUS_MAX_AGE_MS: a
  // change made on this instance applies at once (updateSettings drops the cache), one made on another
  // instance within 2 s.
  const recent = createTtlCache<SettingValues>({ max: 1, ttlMs: PLATFORM_STATUS_MAX_AGE_MS });
  const changeHandlers: ((changes: SettingChanges) => Promise<void>)[] = [];

  /**
   * Every setting: the stored value when it is valid, otherwise the specification's default. `tx`
   * reads them inside the caller's transaction (PGlite has one connection: `db` would wait for it).
   */
  async function getAll(tx?: Db): Promise<SettingValues> {
    const values = defaultSettingValues() as Record<SettingKey, unknown>;
    for (const row of await listSettingRows(tx ?? db)) {
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

  /**
   * A value at most PLATFORM_STATUS_MAX_AGE_MS old (at once after a change on this instance), for
   * reads made on every request; rules that charge or decide use `get`.
   */
  async function getRecent<K extends SettingKey>(key: K): Promise<SettingValues[K]> {
    return (await recent.get('all', () => getAll()))[key];
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

  /**
   * Stores the given values (already validated by the shared schema) and returns the new list. The
   * audit row lists each key that really changed with its old and new value, in the same transaction.
   */
  async function updateSettings(body: UpdateSettingsBody, actor: AuditActor): Promise<SettingList> {
    const rows = Object.entries(body)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => ({ key, value }));
    const before = await getAll();
    const changes = Object.fromEntries(
      rows
        .filter((r) => !isDeepStrictEqual(before[r.key as SettingKey], r.value))
        .map((r) => [r.key, { from: before[r.key as SettingKey], to: r.value }]),
    );
    await db.transaction(async (tx) => {
      await upsertSettings(tx, rows, actor.id);
      if (Object.keys(changes).length > 0)
        await audit(
          {
            actor,
            action: 'settings.update',
            targetType: 'settings',
            targetId: 'system',
            details: { changes },
          },
          tx,
        );
    });
    recent.clear();
    // After the commit: what a changed setting sets off elsewhere (e.g. the price index's rebuild).
    if (Object.keys(changes).length > 0)
      for (const handler of changeHandlers) await handler(changes as SettingChanges);
    return listForAdmin();
  }

  /** Registers a reaction to settings an administrator changed (called after the change is stored). */
  function onChanged(handler: (changes: SettingChanges) => Promise<void>): void {
    changeHandlers.push(handler);
  }

  /** GET /api/settings/platform and the maintenance check: the platform switches and name. */
  async function getPlatformStatus(): Promise<PlatformStatus> {
    const s = await recent.get('all', () => getAll());
    return {
      name: s['platform.name'],
      maintenanceMode: s['platform.maintenance_mode'],
      registrationsOpen: s['platform.registrations_open'],
      newListingsOpen: s['platform.new_listings_open'],
      escrowRequired: s['deals.escrow_required'],
    };
  }

  /** Writes the defaults of keys that have no row yet, so the stored settings are complete and editable. */
  async function seedDefaults(): Promise<void> {
    const defaults = defaultSettingValues();
    await insertMissingSettings(
      db,
      SETTING_KEYS.map((key) => ({ key, value: defaults[key] })),
    );
  }

  return {
    getAll,
    get,
    getRecent,
    getPricing,
    getPlatformStatus,
    listForAdmin,
    updateSettings,
    onChanged,
    seedDefaults,
  };
}
