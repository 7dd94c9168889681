import { SubscriptionChangedEventSchema } from '../billing/billing.schemas.ts';
import { DealCreatedEventSchema, DealUpdatedEventSchema } from '../deals/deals.schemas.ts';
import { MatchFoundEventSchema } from '../market/matching.schemas.ts';
import { IndexUpdatedEventSchema } from '../market/price-index.schemas.ts';
import {
  ConversationCreatedEventSchema,
  ConversationReadEventSchema,
  MessageCreatedEventSchema,
  MessageHiddenEventSchema,
} from '../messaging/messaging.schemas.ts';
import { PaymentUpdatedEventSchema } from '../payments/payments.schemas.ts';
import { ReviewPublishedEventSchema } from '../reviews/reviews.schemas.ts';
import * as z from '../zod.ts';

/** Why a session ended, as the socket is told before it closes. */
export const SESSION_END_REASONS = [
  'suspended',
  'signed_out',
  'ended_by_admin',
  'password_changed',
  'password_reset',
  'expired',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** Events the server pushes to a user's channel. Later capabilities add members to the union. */
export const ServerRealtimeEventSchema = z.discriminatedUnion('type', [
  /** userId null: a visitor's socket (public broadcasts only). */
  z.object({ type: z.literal('hello'), userId: z.string().nullable() }),
  z.object({ type: z.literal('pong') }),
  /**
   * The server lost events meant for this socket (its database connection for realtime dropped and came
   * back): the client reads its data again, as when the socket reopens.
   */
  z.object({ type: z.literal('realtime.resync') }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  z.object({ type: z.literal('notification'), title: z.string(), body: z.string() }),
  /**
   * The socket's session ended (signed out, ended by an administrator, a password change or reset, the
   * account suspended, or expired); the socket closes after it.
   */
  z.object({ type: z.literal('session.ended'), reason: z.enum(SESSION_END_REASONS) }),
  /** Broadcast to every socket: a directory entry appeared, changed or went; clients refetch. */
  z.object({
    type: z.literal('directory.changed'),
    companyId: z.string(),
    change: z.enum(['created', 'updated', 'removed']),
  }),
  /** To both participants only (see apps/server/src/modules/messaging/README.md). */
  MessageCreatedEventSchema,
  MessageHiddenEventSchema,
  ConversationReadEventSchema,
  ConversationCreatedEventSchema,
  /** To both parties of a deal (see apps/server/src/modules/deals/README.md). */
  DealCreatedEventSchema,
  DealUpdatedEventSchema,
  /** To the payer of a payment that was paid, failed or expired (apps/server/src/modules/payments). */
  PaymentUpdatedEventSchema,
  /** To a user whose subscription changed (apps/server/src/modules/billing). */
  SubscriptionChangedEventSchema,
  /** To the owner of a listing that gained a new match (apps/server/src/modules/market). */
  MatchFoundEventSchema,
  /** Broadcast after each price index recompute: open /market pages refetch. */
  IndexUpdatedEventSchema,
  /** To both parties of a deal whose review became public (apps/server/src/modules/reviews). */
  ReviewPublishedEventSchema,
  /**
   * Broadcast when an administrator changes a platform switch (maintenance, registrations, new listings,
   * the name): pages re-read /api/settings/platform. When maintenance starts, the sockets of everyone but
   * administrators close after it.
   */
  z.object({ type: z.literal('platform.status.changed'), maintenanceMode: z.boolean() }),
]);
export type ServerRealtimeEvent = z.infer<typeof ServerRealtimeEventSchema>;

export const ClientRealtimeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
]);
export type ClientRealtimeEvent = z.infer<typeof ClientRealtimeEventSchema>;
