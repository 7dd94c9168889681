import { WIRE_TRANSFER_STATUSES } from '@app/shared/deals/deals.schemas';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/**
 * A bank wire a user promised to send (today: a buyer funding a deal's escrow). An administrator
 * verifies the arrival; the processing fee and the commission then move out of the escrow in
 * separate, retryable steps whose completion times are recorded here. Amounts are integer cents.
 */
export const wireTransfers = pgTable(
  'wire_transfers',
  {
    id: text().primaryKey(),
    /** What the payer quotes on the wire, e.g. WT-20260315-7KQ2MX. */
    referenceNumber: text().notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id),
    amountCents: integer().notNull(),
    /** Lower case, as the specification stores it. */
    currency: text().notNull().default('usd'),
    recipientBankName: text().notNull(),
    recipientAccountName: text().notNull(),
    recipientAccountNumber: text().notNull(),
    recipientSwiftCode: text().notNull(),
    /** deal_escrow: related_id is the deal whose escrow the wire funds. */
    paymentType: text().notNull(),
    relatedId: text(),
    /** The part of the amount that is the deal's commission (0 when not paid with the funding). */
    commissionCents: integer().notNull().default(0),
    /** The wire processing fee deducted from the amount, at the rate in force when it was created. */
    processingFeeCents: integer().notNull().default(0),
    status: text({ enum: WIRE_TRANSFER_STATUSES }).notNull().default('pending'),
    verifiedAt: timestamp({ withTimezone: true }),
    verifiedByAdminEmail: text(),
    adminNotes: text(),
    processingFeeTransferredAt: timestamp({ withTimezone: true }),
    commissionTransferredAt: timestamp({ withTimezone: true }),
    /**
     * The wire arrived for a deal that no longer needed it (funded another way, or cancelled and
     * refunded): the amount less the processing fee is owed back to the buyer, and the deal's escrow
     * and commission are left alone.
     */
    returnedToBuyerAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    index().on(t.status, t.createdAt),
    index().on(t.paymentType, t.relatedId),
    // One pending wire per deal and amount: asking twice returns the first one.
    uniqueIndex('wire_transfers_one_pending_per_amount')
      .on(t.paymentType, t.relatedId, t.amountCents)
      .where(sql`${t.status} = 'pending'`),
  ],
);
