import {
  CONTACT_REQUEST_STATUSES,
  CONVERSATION_ORIGINS,
  MESSAGE_TYPES,
} from '@app/shared/messaging/messaging.schemas';
import type { FraudSignalKind } from '@app/shared/trust/fraud-signals';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { companies } from '../companies/companies.table.ts';
import { listings } from '../listings/listings.table.ts';

/**
 * A conversation between two users. participant_1 started it. The same two users always share one
 * conversation, in either order: the unique index on (least, greatest) enforces it even when both
 * start one at the same moment.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: text().primaryKey(),
    participant1Id: text('participant_1_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    participant2Id: text('participant_2_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    companyId: text().references(() => companies.id, { onDelete: 'set null' }),
    listingId: text().references(() => listings.id, { onDelete: 'set null' }),
    /**
     * `contact`: a general channel (paid contact fee, premium starter). `deal`: opened free of charge by
     * a deal; free users write only while a live deal's seller has engaged. The contact fee turns a
     * deal thread into a contact one.
     */
    origin: text({ enum: CONVERSATION_ORIGINS }).notNull().default('contact'),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(
      sql`least(${t.participant1Id}, ${t.participant2Id})`,
      sql`greatest(${t.participant1Id}, ${t.participant2Id})`,
    ),
    index('conversations_participant_1_idx').on(t.participant1Id, t.lastMessageAt),
    index('conversations_participant_2_idx').on(t.participant2Id, t.lastMessageAt),
    check('conversations_two_people', sql`${t.participant1Id} <> ${t.participant2Id}`),
  ],
);

/** Messages of a conversation. Unread until read_at; digest_sent_at once the email digest took it. */
export const messages = pgTable(
  'messages',
  {
    id: text().primaryKey(),
    conversationId: text()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    messageType: text({ enum: MESSAGE_TYPES }).notNull().default('text'),
    replyToId: text().references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Bank details or off-platform payment requests found in a trader's text (fraud-signals.ts); null: none. */
    fraudSignals: jsonb().$type<FraudSignalKind[]>(),
    /** An administrator removed it (the moderation queue): readers see a notice instead of the text. */
    hiddenAt: timestamp({ withTimezone: true }),
    readAt: timestamp({ withTimezone: true }),
    digestSentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_thread_idx').on(t.conversationId, t.createdAt.desc(), t.id.desc()),
    // Unread counts and mark-read touch only unread rows.
    index('messages_unread_idx').on(t.conversationId, t.senderId).where(sql`read_at is null`),
    // The digest sweep: unread messages no digest has taken yet, oldest first.
    index('messages_digest_idx').on(t.createdAt).where(sql`read_at is null and digest_sent_at is null`),
  ],
);

/**
 * A free user's paid start: the conversation opens when the contact fee is paid. One pending request
 * per requester and recipient, so a double click or a retry reuses it (and its payment).
 * status: pending → opened (conversation created, or reused and the fee refunded) | refunded.
 */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: text().primaryKey(),
    requesterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    initialMessage: text().notNull(),
    companyId: text().references(() => companies.id, { onDelete: 'set null' }),
    listingId: text().references(() => listings.id, { onDelete: 'set null' }),
    status: text({ enum: CONTACT_REQUEST_STATUSES }).notNull().default('pending'),
    amountCents: integer(),
    paymentId: text(),
    conversationId: text().references(() => conversations.id, { onDelete: 'set null' }),
    /** The first message, once posted. */
    messageId: text().references(() => messages.id, { onDelete: 'set null' }),
    /** The fee must go back (the conversation existed already, or could not be created). */
    refundDue: boolean().notNull().default(false),
    failureReason: text(),
    /** A short lease: only one request at a time opens the checkout (double clicks, other instances). */
    checkoutLockedUntil: timestamp({ withTimezone: true }),
    /** When the participants were told of the opened conversation (realtime events). */
    announcedAt: timestamp({ withTimezone: true }),
    /** When the after-payment work (realtime events, refund) was done; null while it is due. */
    settledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_requests_one_pending_idx')
      .on(t.requesterId, t.recipientId)
      .where(sql`status = 'pending'`),
    index('contact_requests_unsettled_idx')
      .on(t.updatedAt)
      .where(sql`settled_at is null and status <> 'pending'`),
  ],
);

/** Per-user messaging preferences; a missing row means the defaults (digest on). */
export const messagingPreferences = pgTable('messaging_preferences', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailDigest: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
