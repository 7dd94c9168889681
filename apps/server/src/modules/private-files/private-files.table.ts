import { PRIVATE_FILE_PURPOSES } from '@app/shared/files/private-files';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/**
 * Files only their owner, administrators and those a purpose's rule admits may read (claim evidence,
 * business-registration documents). Stored under `private/`, which the public `/media/*` route never
 * serves; the id is a random UUID. Unattached uploads are purged after a day.
 */
export const privateFiles = pgTable(
  'private_files',
  {
    id: text().primaryKey(),
    ownerUserId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: PRIVATE_FILE_PURPOSES }).notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    storageKey: text().notNull(),
    /** What the file belongs to once a step names it (a claim, a company); null until then. */
    attachedTo: text(),
    attachedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('private_files_owner_idx').on(t.ownerUserId, t.createdAt),
    index('private_files_attached_idx').on(t.attachedTo),
    index('private_files_unattached_idx').on(t.createdAt).where(sql`attached_to is null`),
  ],
);
