import { WARM_FACTOR_UNIT, WARM_VERSION } from '@app/shared/market/impact.schemas';
import { boolean, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/**
 * EPA WARM emission factors per material (metric tons CO2e per short ton, as WARM publishes them)
 * and the grades that map to each material. Reference data: seeded at boot, edited by administrators.
 */
export const warmFactors = pgTable('warm_factors', {
  id: text().primaryKey(),
  /** A stable key such as 'aluminum-cans'; deals record it. */
  material: text().notNull().unique(),
  label: text().notNull(),
  recyclingFactor: numeric({ precision: 10, scale: 4, mode: 'number' }).notNull(),
  /** Null until a landfilling factor is entered from a stated source: the material shows tonnage only. */
  landfillingFactor: numeric({ precision: 10, scale: 4, mode: 'number' }),
  unit: text().notNull().default(WARM_FACTOR_UNIT),
  warmVersion: text().notNull().default(WARM_VERSION),
  source: text().notNull(),
  /** False while the figure comes from a secondary source, not yet checked against EPA's workbook. */
  verified: boolean().notNull().default(false),
  /** Material grade ids (packages/shared market/grades.ts) whose deals use this factor. */
  gradeIds: text().array().notNull().default([]),
  updatedBy: text().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
