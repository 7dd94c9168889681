import type { ListingCategory } from '@app/shared/listings/listings.schemas';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { materialGrades } from './grades.table.ts';

export type MaterialGradeRow = typeof materialGrades.$inferSelect;

/** Inserts missing grades and rewrites the text of changed ones; rows no longer listed stay (listings may name them). */
export async function upsertGrades(db: Db, rows: MaterialGradeRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(materialGrades)
    .values(rows)
    .onConflictDoUpdate({
      target: materialGrades.id,
      set: {
        category: sql`excluded.category`,
        code: sql`excluded.code`,
        name: sql`excluded.name`,
        description: sql`excluded.description`,
      },
      setWhere: sql`(${materialGrades.category}, ${materialGrades.code}, ${materialGrades.name}, ${materialGrades.description}) is distinct from (excluded.category, excluded.code, excluded.name, excluded.description)`,
    });
}

export async function listGradeRows(db: Db, category?: ListingCategory): Promise<MaterialGradeRow[]> {
  return db
    .select()
    .from(materialGrades)
    .where(category ? eq(materialGrades.category, category) : undefined)
    .orderBy(asc(materialGrades.category), asc(materialGrades.id));
}
