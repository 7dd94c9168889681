import { LISTING_CATEGORIES } from '@app/shared/listings/listings.schemas';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The material grades a listing may name, a reference copy of MATERIAL_GRADES (@app/shared/market/grades)
 * kept in step at start-up, so SQL (search, matching, the price index) can join on grades.
 */
export const materialGrades = pgTable(
  'material_grades',
  {
    /** The MaterialGradeId listings store. */
    id: text().primaryKey(),
    category: text({ enum: LISTING_CATEGORIES }).notNull(),
    /** The ReMA code word or specification number, when the grade has one. */
    code: text(),
    name: text().notNull(),
    description: text().notNull(),
  },
  (t) => [index('material_grades_category_idx').on(t.category)],
);
