import type { FieldChange } from '@app/shared/admin/field-changes';
import { COMPANY_TYPES } from '@app/shared/companies/companies.schemas';
import { type SQL, sql } from 'drizzle-orm';
import { boolean, customType, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Company profiles. New ones are pending (verified false) until an admin verifies them; all
 * non-removed ones appear in the directory. Removal by an admin is soft (removed_at + reason), so the
 * owner's email and the audit trail survive; the owner's own delete is a hard delete.
 */
export const companies = pgTable(
  'companies',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text().notNull(),
    description: text(),
    contactEmail: text().notNull(),
    phone: text(),
    website: text(),
    address: text(),
    /** ISO 3166-1 alpha-2; the tax id is checked by its rules. */
    country: text(),
    /** VAT, EIN, GSTIN or the country's equal, stored normalised (checkTaxId). */
    taxId: text(),
    materials: text().array().notNull().default(sql`'{}'::text[]`),
    companyType: text({ enum: COMPANY_TYPES }).notNull(),
    sector: text(),
    verified: boolean().notNull().default(false),
    verifiedAt: timestamp({ withTimezone: true }),
    verifiedByAdminEmail: text(),
    /** The identity fields a verified company changed (old and new values), until it is verified again. */
    verificationChanges: jsonb().$type<FieldChange[]>(),
    /** When the owner last asked for verification with a registration document; null once decided. */
    verificationRequestedAt: timestamp({ withTimezone: true }),
    /** Why an administrator refused the last request (shown to the owner), until they ask again. */
    verificationRefusalReason: text(),
    verificationRefusedAt: timestamp({ withTimezone: true }),
    removedAt: timestamp({ withTimezone: true }),
    removalReason: text(),
    removedByAdminEmail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Full-text search document: the name weighs more than the description. */
    search: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english'::regconfig, coalesce(company_name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B')`,
    ),
  },
  (t) => [
    index('companies_search_idx').using('gin', t.search),
    index('companies_name_trgm_idx').using('gin', t.companyName.op('gin_trgm_ops')),
    index('companies_materials_idx').using('gin', t.materials),
    index('companies_directory_idx').on(t.createdAt, t.id).where(sql`removed_at is null`),
    index('companies_user_idx').on(t.userId, t.createdAt),
    index('companies_tax_id_idx').on(t.taxId).where(sql`tax_id is not null`),
  ],
);
