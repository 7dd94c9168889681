import * as z from '../zod.ts';
import { MATERIAL_GRADE_IDS } from './grades.ts';
import { KG_PER_UNIT } from './units.ts';

/** The label every impact figure carries, wherever it is shown (issue 10). */
export const IMPACT_LABEL = 'estimate, EPA WARM v16, recycling vs landfilling';
export const WARM_VERSION = 'v16';
/** WARM publishes its factors per US short ton. */
export const WARM_FACTOR_UNIT = 'MTCO2E per short ton';
/** What an unverified factor is until an administrator checks it against EPA's own workbook. */
export const UNVERIFIED_FACTOR_NOTE = "secondary source, to be checked against EPA's WARM workbook";

/**
 * Estimated greenhouse-gas savings of recycling `tonnes` (metric) of a material instead of
 * landfilling it, in whole kg CO2e: (landfilling factor − recycling factor) × short tons × 1,000.
 * Positive means avoided. Null when either factor is missing: no figure is ever invented.
 */
export function co2eAvoidedKg(
  tonnes: number,
  recyclingFactor: number | null,
  landfillingFactor: number | null,
): number | null {
  if (recyclingFactor === null || landfillingFactor === null) return null;
  const shortTons = (tonnes * 1000) / KG_PER_UNIT.tons;
  const avoided = Math.round((landfillingFactor - recyclingFactor) * shortTons * 1000);
  // Math.round(-0.4) is -0: keep zero plain.
  return avoided === 0 ? 0 : avoided;
}

export const IMPACT_MESSAGES = {
  factorNotFound: 'Impact factor not found',
  gradeTaken: (grade: string, label: string) => `Grade ${grade} is already mapped to ${label}`,
  factorRange: 'Enter a factor between -100 and 100',
} as const;

// ---------------------------------------------------------------------------------------------------
// Responses

export const ImpactMonthSchema = z.object({
  /** 'YYYY-MM' (UTC). */
  month: z.string(),
  tonnes: z.number(),
  co2eAvoidedKg: z.number().int(),
});
export type ImpactMonth = z.infer<typeof ImpactMonthSchema>;

export const ImpactMaterialSchema = z.object({
  /** The WARM material, or null for deals whose grade has no factor (tonnage only). */
  material: z.string().nullable(),
  label: z.string(),
  tonnes: z.number(),
  /** Null when no deal of this material has a figure (no factor, or no landfilling factor yet). */
  co2eAvoidedKg: z.number().int().nullable(),
  deals: z.number().int(),
});
export type ImpactMaterial = z.infer<typeof ImpactMaterialSchema>;

export const ImpactSummarySchema = z.object({
  label: z.literal(IMPACT_LABEL),
  totals: z.object({
    tonnes: z.number(),
    co2eAvoidedKg: z.number().int(),
    /** Completed deals counted (pieces-only deals have no tonnage and are left out). */
    deals: z.number().int(),
  }),
  /** The last 12 months, oldest first, every month present. */
  months: z.array(ImpactMonthSchema),
  materials: z.array(ImpactMaterialSchema),
});
export type ImpactSummary = z.infer<typeof ImpactSummarySchema>;

export const WarmFactorSchema = z.object({
  id: z.string(),
  material: z.string(),
  label: z.string(),
  recyclingFactor: z.number(),
  /** Null until a landfilling factor is entered from a stated source; the material then shows tonnage only. */
  landfillingFactor: z.number().nullable(),
  unit: z.string(),
  warmVersion: z.string(),
  source: z.string(),
  verified: z.boolean(),
  gradeIds: z.array(z.string()),
  updatedByEmail: z.string().nullable(),
  updatedAt: z.string(),
});
export type WarmFactor = z.infer<typeof WarmFactorSchema>;

export const WarmFactorListSchema = z.object({
  label: z.literal(IMPACT_LABEL),
  items: z.array(WarmFactorSchema),
});
export type WarmFactorList = z.infer<typeof WarmFactorListSchema>;

// ---------------------------------------------------------------------------------------------------
// Requests

const FactorSchema = z
  .number({ error: IMPACT_MESSAGES.factorRange })
  .min(-100, IMPACT_MESSAGES.factorRange)
  .max(100, IMPACT_MESSAGES.factorRange);

/** PATCH /api/admin/impact-factors/:id: any subset of the editable fields. */
export const UpdateWarmFactorBodySchema = z
  .object({
    recyclingFactor: FactorSchema.optional(),
    landfillingFactor: FactorSchema.nullable().optional(),
    source: z.string().trim().min(1, 'Enter the source').max(500).optional(),
    verified: z.boolean().optional(),
    gradeIds: z.array(z.enum(MATERIAL_GRADE_IDS)).max(50).optional(),
  })
  .strict();
export type UpdateWarmFactorBody = z.infer<typeof UpdateWarmFactorBodySchema>;

export const WarmFactorIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const CompanyImpactParamsSchema = z.object({ id: z.string().min(1).max(100) });
