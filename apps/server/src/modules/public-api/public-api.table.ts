import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/** API keys a user creates in /account; only the SHA-256 of the secret is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The visible start of the secret ("rtk_" and 8 characters), shown in lists. */
    prefix: text().notNull(),
    /** Hex SHA-256 of the whole secret. */
    secretHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

/** Short-lived bearer tokens a key is exchanged for; expired rows are purged by a schedule. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text().primaryKey(),
    apiKeyId: text()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the whole token. */
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.apiKeyId), index().on(t.expiresAt)],
);
