import { LISTING_CATEGORIES } from '../listings/listings.schemas.ts';
import * as z from '../zod.ts';
import { MATERIAL_GRADE_IDS } from './grades.ts';

/** GET /api/market/grades: the reference table of material grades, optionally of one category. */
export const ListGradesQuerySchema = z.object({ category: z.enum(LISTING_CATEGORIES).optional() });
export type ListGradesQuery = z.infer<typeof ListGradesQuerySchema>;

export const MaterialGradeSchema = z.object({
  id: z.enum(MATERIAL_GRADE_IDS),
  category: z.enum(LISTING_CATEGORIES),
  code: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  /** "Barley (Bare bright copper wire)", as cards show it. */
  label: z.string(),
});
export type MaterialGradeView = z.infer<typeof MaterialGradeSchema>;

export const MaterialGradeListSchema = z.object({ items: z.array(MaterialGradeSchema) });
export type MaterialGradeList = z.infer<typeof MaterialGradeListSchema>;
