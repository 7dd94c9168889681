import { and, asc, eq, getTableColumns, gte, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { dealFacts } from '../deals/index.ts';
import { warmFactors } from './impact.table.ts';

export type WarmFactorRow = typeof warmFactors.$inferSelect;
export type NewWarmFactorRow = typeof warmFactors.$inferInsert;
export type WarmFactorWithEditor = WarmFactorRow & { updatedByEmail: string | null };

export type ImpactMonthRow = { month: string; tonnes: number; co2eAvoidedKg: number };
export type ImpactMaterialRow = {
  material: string | null;
  tonnes: number;
  co2eAvoidedKg: number | null;
  deals: number;
};

export async function listWarmFactors(db: Db): Promise<WarmFactorWithEditor[]> {
  return db
    .select({ ...getTableColumns(warmFactors), updatedByEmail: userDirectory.email })
    .from(warmFactors)
    .leftJoin(userDirectory, eq(userDirectory.id, warmFactors.updatedBy))
    .orderBy(asc(warmFactors.label));
}

export async function findWarmFactor(db: Db, id: string): Promise<WarmFactorRow | undefined> {
  const [row] = await db.select().from(warmFactors).where(eq(warmFactors.id, id)).for('update');
  return row;
}

/** The factor a grade maps to, if any (a grade maps to at most one material: the service keeps it so). */
export async function findWarmFactorOfGrade(db: Db, gradeId: string): Promise<WarmFactorRow | undefined> {
  const [row] = await db
    .select()
    .from(warmFactors)
    .where(sql`${gradeId} = any(${warmFactors.gradeIds})`)
    .limit(1);
  return row;
}

/** Inserts the materials that have no row yet; existing rows (and administrators' edits) are kept. */
export async function insertMissingWarmFactors(db: Db, rows: NewWarmFactorRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(warmFactors).values(rows).onConflictDoNothing({ target: warmFactors.material });
}

/** Sets a default landfilling factor on a row no administrator has edited and that has none yet. */
export async function fillUneditedLandfillingFactor(
  db: Db,
  material: string,
  values: { landfillingFactor: number; source: string; updatedAt: Date },
): Promise<void> {
  await db
    .update(warmFactors)
    .set(values)
    .where(
      and(
        eq(warmFactors.material, material),
        isNull(warmFactors.landfillingFactor),
        isNull(warmFactors.updatedBy),
      ),
    );
}

export async function updateWarmFactor(
  db: Db,
  id: string,
  patch: Partial<NewWarmFactorRow>,
): Promise<WarmFactorRow | undefined> {
  const [row] = await db.update(warmFactors).set(patch).where(eq(warmFactors.id, id)).returning();
  return row;
}

// --- impact of completed deals (read-only aggregates over the deals' recorded impact) ---

/** Deals whose impact was recorded with a tonnage, optionally those of one user as buyer or seller. */
function recordedDeals(userId?: string): SQL {
  const base = and(isNotNull(dealFacts.impactRecordedAt), isNotNull(dealFacts.deliveredTonnes)) as SQL;
  return userId
    ? (and(base, or(eq(dealFacts.buyerUserId, userId), eq(dealFacts.sellerUserId, userId))) as SQL)
    : base;
}

/** Tonnes and kg CO2e per UTC month since `since` (months without deals are absent). */
export async function impactByMonth(
  db: Db,
  opts: { userId?: string; since: Date },
): Promise<ImpactMonthRow[]> {
  const month = sql<string>`to_char(date_trunc('month', ${dealFacts.impactRecordedAt} at time zone 'UTC'), 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      tonnes: sql<string>`coalesce(sum(${dealFacts.deliveredTonnes}), 0)`,
      co2eAvoidedKg: sql<string>`coalesce(sum(${dealFacts.co2eAvoidedKg}), 0)`,
    })
    .from(dealFacts)
    .where(and(recordedDeals(opts.userId), gte(dealFacts.impactRecordedAt, opts.since)))
    .groupBy(month)
    .orderBy(month);
  return rows.map((r) => ({
    month: r.month,
    tonnes: Number(r.tonnes),
    co2eAvoidedKg: Number(r.co2eAvoidedKg),
  }));
}

/** Tonnes, kg CO2e (null when no deal of the material has a figure) and deal count per WARM material. */
export async function impactByMaterial(db: Db, opts: { userId?: string }): Promise<ImpactMaterialRow[]> {
  const rows = await db
    .select({
      material: dealFacts.warmMaterial,
      tonnes: sql<string>`sum(${dealFacts.deliveredTonnes})`,
      co2eAvoidedKg: sql<string | null>`sum(${dealFacts.co2eAvoidedKg})`,
      deals: sql<string>`count(*)`,
    })
    .from(dealFacts)
    .where(recordedDeals(opts.userId))
    .groupBy(dealFacts.warmMaterial);
  return rows.map((r) => ({
    material: r.material,
    tonnes: Number(r.tonnes),
    co2eAvoidedKg: r.co2eAvoidedKg === null ? null : Number(r.co2eAvoidedKg),
    deals: Number(r.deals),
  }));
}
