import {
  co2eAvoidedKg,
  IMPACT_LABEL,
  IMPACT_MESSAGES,
  type ImpactMaterial,
  type ImpactSummary,
  UNVERIFIED_FACTOR_NOTE,
  type UpdateWarmFactorBody,
  WARM_FACTOR_UNIT,
  WARM_VERSION,
  type WarmFactor,
  type WarmFactorList,
} from '@app/shared/market/impact.schemas';
import { type QuantityUnit, toTonnes } from '@app/shared/market/units';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type AuditRecorder, noAudit } from '../access/index.ts';
import type { SessionUser } from '../accounts/index.ts';
import {
  fillUneditedLandfillingFactor,
  findWarmFactor,
  findWarmFactorOfGrade,
  impactByMaterial,
  impactByMonth,
  insertMissingWarmFactors,
  listWarmFactors,
  type NewWarmFactorRow,
  updateWarmFactor,
  type WarmFactorRow,
  type WarmFactorWithEditor,
} from './impact.repository.ts';

const RECYCLING_SOURCE = `Recycling factor: WARM v16 as quoted by a secondary source (issue 10); ${UNVERIFIED_FACTOR_NOTE}.`;
const INERT_LANDFILL_SOURCE =
  "Landfilling factor: WARM's documentation of metals, glass and plastics counts only the transport to the landfill and its equipment for these inert materials (0.02 MTCO2E per short ton across versions 13 to 15); to be confirmed for v16.";
const NO_LANDFILL_SOURCE =
  "Landfilling factor not yet entered: for paper it depends on landfill methane and carbon storage, so this material shows tonnage only until an administrator enters the figure from EPA's workbook.";

/** WARM's landfilling figure for inert materials: transport and landfill equipment only. */
const INERT_LANDFILLING_FACTOR = 0.02;

/**
 * The reference rows created at first start: the nine WARM v16 recycling factors. Landfilling
 * factors are given only where WARM's method makes them a known constant (inert materials: metals,
 * glass, plastics); paper's depend on landfill gas modelling, so none is invented: null until an
 * administrator enters one. Grade mappings are data, editable by administrators; only defensible
 * ones are preset (sorted office paper and newsprint have their own WARM materials, ferrous grades
 * are not steel cans, textiles have no factor).
 */
export const DEFAULT_WARM_FACTORS: {
  material: string;
  label: string;
  recyclingFactor: number;
  landfillingFactor: number | null;
  gradeIds: string[];
}[] = [
  {
    material: 'aluminum-cans',
    label: 'Aluminum cans',
    recyclingFactor: -9.13,
    landfillingFactor: INERT_LANDFILLING_FACTOR,
    gradeIds: ['taldon'],
  },
  {
    material: 'steel-cans',
    label: 'Steel cans',
    recyclingFactor: -1.83,
    landfillingFactor: INERT_LANDFILLING_FACTOR,
    gradeIds: [],
  },
  {
    material: 'copper-wire',
    label: 'Copper wire',
    recyclingFactor: -4.49,
    landfillingFactor: INERT_LANDFILLING_FACTOR,
    gradeIds: ['barley', 'berry', 'birch'],
  },
  {
    material: 'glass',
    label: 'Glass',
    recyclingFactor: -0.28,
    landfillingFactor: INERT_LANDFILLING_FACTOR,
    gradeIds: [],
  },
  {
    material: 'corrugated-containers',
    label: 'Corrugated containers',
    recyclingFactor: -3.14,
    landfillingFactor: null,
    gradeIds: ['occ', 'dlk'],
  },
  {
    material: 'mixed-paper',
    label: 'Mixed paper',
    recyclingFactor: -3.55,
    landfillingFactor: null,
    gradeIds: ['mixed-paper'],
  },
  {
    material: 'hdpe',
    label: 'HDPE',
    recyclingFactor: -0.76,
    landfillingFactor: INERT_LANDFILLING_FACTOR,
    gradeIds: ['hdpe-natural', 'hdpe-mixed-color'],
  },
  {
    material: 'pet',
    label: 'PET',
    recyclingFactor: -1.04,
    landfillingFactor: INERT_LANDFILLING_FACTOR,
    gradeIds: ['pet-bottles'],
  },
  {
    material: 'pp',
    label: 'PP',
    recyclingFactor: -0.79,
    landfillingFactor: INERT_LANDFILLING_FACTOR,
    gradeIds: ['pp-rigid'],
  },
];

const defaultSource = (f: { landfillingFactor: number | null }) =>
  `${RECYCLING_SOURCE} ${f.landfillingFactor === null ? NO_LANDFILL_SOURCE : INERT_LANDFILL_SOURCE}`;

/** What a completed deal records: tonnes delivered, its WARM material and the estimate. */
export type DeliveryImpact = {
  deliveredTonnes: number | null;
  warmMaterial: string | null;
  co2eAvoidedKg: number | null;
};

export const OTHER_MATERIALS_LABEL = 'Other materials (no WARM factor)';
const PLATFORM_CACHE_MS = 60_000;
const MONTHS = 12;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export type ImpactService = ReturnType<typeof createImpactService>;

/**
 * Environmental impact of completed deals: EPA WARM factors (reference data administrators edit),
 * the per-deal estimate recorded when a deal completes, and the summaries for a trader, a company
 * and the platform. Every answer carries IMPACT_LABEL.
 */
export function createImpactService(deps: {
  db: Db;
  clock: Clock;
  audit?: AuditRecorder;
  /** The owner of a visible company (404 otherwise), from the companies module. */
  companyOwner(companyId: string): Promise<string>;
}) {
  const { db, clock } = deps;
  const audit = deps.audit ?? noAudit;
  let platformCache: { at: number; value: ImpactSummary } | null = null;

  async function seedDefaults(): Promise<void> {
    const now = clock.now();
    await insertMissingWarmFactors(
      db,
      DEFAULT_WARM_FACTORS.map(
        (f): NewWarmFactorRow => ({
          id: f.material,
          material: f.material,
          label: f.label,
          recyclingFactor: f.recyclingFactor,
          landfillingFactor: f.landfillingFactor,
          unit: WARM_FACTOR_UNIT,
          warmVersion: WARM_VERSION,
          source: defaultSource(f),
          verified: false,
          gradeIds: f.gradeIds,
          updatedAt: now,
        }),
      ),
    );
    // Rows created before a default landfilling factor existed get it, unless an administrator has edited them.
    for (const f of DEFAULT_WARM_FACTORS) {
      if (f.landfillingFactor === null) continue;
      await fillUneditedLandfillingFactor(db, f.material, {
        landfillingFactor: f.landfillingFactor,
        source: defaultSource(f),
        updatedAt: now,
      });
    }
  }

  /**
   * The impact of delivering `quantity` `unit` of a listing's grade, read inside the completing
   * transition's transaction. Pieces have no tonnage; a grade without a factor has tonnage only.
   */
  async function assessDelivery(
    tx: Db,
    delivery: { grade: string | null; quantity: number; unit: QuantityUnit },
  ): Promise<DeliveryImpact> {
    const tonnes = toTonnes(delivery.quantity, delivery.unit);
    if (tonnes === null) return { deliveredTonnes: null, warmMaterial: null, co2eAvoidedKg: null };
    const factor = delivery.grade ? await findWarmFactorOfGrade(tx, delivery.grade) : undefined;
    return {
      deliveredTonnes: round4(tonnes),
      warmMaterial: factor?.material ?? null,
      co2eAvoidedKg: factor ? co2eAvoidedKg(tonnes, factor.recyclingFactor, factor.landfillingFactor) : null,
    };
  }

  async function summary(userId?: string): Promise<ImpactSummary> {
    const now = clock.now();
    const firstMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1), 1));
    const [monthRows, materialRows, factors] = await Promise.all([
      impactByMonth(db, { userId, since: firstMonth }),
      impactByMaterial(db, { userId }),
      listWarmFactors(db),
    ]);
    const months = Array.from({ length: MONTHS }, (_, i) => {
      const d = new Date(Date.UTC(firstMonth.getUTCFullYear(), firstMonth.getUTCMonth() + i, 1));
      const month = d.toISOString().slice(0, 7);
      const row = monthRows.find((r) => r.month === month);
      return { month, tonnes: round3(row?.tonnes ?? 0), co2eAvoidedKg: row?.co2eAvoidedKg ?? 0 };
    });
    const labelOf = new Map(factors.map((f) => [f.material, f.label]));
    const materials: ImpactMaterial[] = materialRows
      .map((r) => ({
        material: r.material,
        label: (r.material && labelOf.get(r.material)) || OTHER_MATERIALS_LABEL,
        tonnes: round3(r.tonnes),
        co2eAvoidedKg: r.co2eAvoidedKg,
        deals: r.deals,
      }))
      .sort((a, b) => b.tonnes - a.tonnes);
    return {
      label: IMPACT_LABEL,
      totals: {
        tonnes: round3(materialRows.reduce((s, r) => s + r.tonnes, 0)),
        co2eAvoidedKg: materialRows.reduce((s, r) => s + (r.co2eAvoidedKg ?? 0), 0),
        deals: materialRows.reduce((s, r) => s + r.deals, 0),
      },
      months,
      materials,
    };
  }

  /** GET /api/me/impact: the trader's completed deals as buyer or seller. */
  async function mine(user: SessionUser): Promise<ImpactSummary> {
    return summary(user.id);
  }

  /** GET /api/companies/:id/impact: the company owner's completed deals (public). */
  async function ofCompany(companyId: string): Promise<ImpactSummary> {
    return summary(await deps.companyOwner(companyId));
  }

  /** GET /api/market/impact: the platform's totals, recomputed at most once a minute. */
  async function platform(): Promise<ImpactSummary> {
    const at = clock.now().getTime();
    if (platformCache && at - platformCache.at < PLATFORM_CACHE_MS) return platformCache.value;
    const value = await summary();
    platformCache = { at, value };
    return value;
  }

  async function listFactors(): Promise<WarmFactorList> {
    return { label: IMPACT_LABEL, items: (await listWarmFactors(db)).map(toView) };
  }

  /** PATCH /api/admin/impact-factors/:id: edit a factor, its verified flag or its grades (audited). */
  async function updateFactor(
    admin: SessionUser,
    id: string,
    body: UpdateWarmFactorBody,
  ): Promise<WarmFactor> {
    await inTransaction(db, async (tx) => {
      const before = await findWarmFactor(tx, id);
      if (!before) throw new AppError('NOT_FOUND', IMPACT_MESSAGES.factorNotFound);
      if (body.gradeIds) await assertGradesFree(tx, id, body.gradeIds);
      const patch = {
        ...(body.recyclingFactor !== undefined && { recyclingFactor: body.recyclingFactor }),
        ...(body.landfillingFactor !== undefined && { landfillingFactor: body.landfillingFactor }),
        ...(body.source !== undefined && { source: body.source }),
        ...(body.verified !== undefined && { verified: body.verified }),
        ...(body.gradeIds !== undefined && { gradeIds: [...new Set(body.gradeIds)] }),
      };
      await updateWarmFactor(tx, id, { ...patch, updatedBy: admin.id, updatedAt: clock.now() });
      await audit(
        {
          actor: admin,
          action: 'impact-factor.update',
          targetType: 'warm_factor',
          targetId: id,
          details: { material: before.material, before: pick(before, Object.keys(patch)), after: patch },
        },
        tx,
      );
    });
    platformCache = null;
    const row = (await listWarmFactors(db)).find((f) => f.id === id);
    if (!row) throw new AppError('NOT_FOUND', IMPACT_MESSAGES.factorNotFound);
    return toView(row);
  }

  /** A grade maps to one material at most, so a deal's material is never ambiguous. */
  async function assertGradesFree(tx: Db, id: string, gradeIds: string[]): Promise<void> {
    for (const grade of gradeIds) {
      const owner = await findWarmFactorOfGrade(tx, grade);
      if (owner && owner.id !== id)
        throw new AppError('CONFLICT', IMPACT_MESSAGES.gradeTaken(grade, owner.label));
    }
  }

  return { seedDefaults, assessDelivery, mine, ofCompany, platform, listFactors, updateFactor };
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

function pick(row: WarmFactorRow, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, row[k as keyof WarmFactorRow]]));
}

function toView(row: WarmFactorWithEditor): WarmFactor {
  return {
    id: row.id,
    material: row.material,
    label: row.label,
    recyclingFactor: row.recyclingFactor,
    landfillingFactor: row.landfillingFactor,
    unit: row.unit,
    warmVersion: row.warmVersion,
    source: row.source,
    verified: row.verified,
    gradeIds: row.gradeIds,
    updatedByEmail: row.updatedByEmail,
    updatedAt: row.updatedAt.toISOString(),
  };
}
