import type { MessageType } from '@app/shared/messaging/messaging.schemas';
import type { FraudSignalKind } from '@app/shared/trust/fraud-signals';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { logError as logErrorLine } from '../../lib/log-error.ts';
import type { BillingService } from '../billing/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { NotificationsService, PushService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import type { ConversationRow, UserBrief } from './messaging.repository.ts';

/** A deal between two users that is not cancelled, and whether its seller has engaged (confirmed, countered). */
export type LiveDeal = { buyerUserId: string; sellerUserId: string; sellerEngaged: boolean };

/**
 * How a user stands with another (the trust module's block relations, built in app.ts): 'blocker' when
 * the user blocked the other, 'blocked' when the other blocked the user. Pass the transaction inside one.
 */
export type BlockStanding = {
  standing(userId: string, otherId: string, db?: Db): Promise<'blocker' | 'blocked' | null>;
};

/** A trader's message in which the fraud checks found bank details or a request to pay outside escrow. */
export type FraudSignalsFound = {
  messageId: string;
  conversationId: string;
  senderId: string;
  recipientId: string;
  signals: FraudSignalKind[];
};

/** What the messaging service is built from (the composition root, app.ts, passes it). */
export type MessagingDeps = {
  db: Db;
  clock: Clock;
  billing: BillingService;
  payments: PaymentsService;
  /** Where this module books its sales (the payment purpose's revenue account). */
  ledger: Pick<LedgerService, 'postTransaction'>;
  realtime: RealtimeService;
  notifications: NotificationsService;
  /** Tells the recipient's devices of a new message (Web Push), written with the message. */
  push?: Pick<PushService, 'queue'>;
  appUrl: string;
  /** The deals between a user and each of some others that are not cancelled (the deals module's query). */
  liveDealsBetween: (userId: string, otherUserIds: string[]) => Promise<LiveDeal[]>;
  /** Blocks close a conversation both ways (absent: nobody is blocked). */
  blocks?: BlockStanding;
  /** After the commit of a message with fraud signals (the module emits `message.fraud-signals`). */
  onFraudSignals?: (found: FraudSignalsFound) => Promise<void>;
  logError?: (msg: string, err: unknown) => void;
};

/** The deps with their defaults filled in. */
export type MessagingContext = Omit<MessagingDeps, 'logError'> & {
  logError: (msg: string, err: unknown) => void;
};

export function createMessagingContext(deps: MessagingDeps): MessagingContext {
  return { ...deps, logError: deps.logError ?? logErrorLine };
}

/** Whom a start names, resolved: the recipient and the listing or company it was started from. */
export type Target = {
  recipient: UserBrief;
  listingId: string | null;
  companyId: string | null;
  /** The name in the default subject: the company's when started from a company, else the person's. */
  displayName: string;
};

/** A message to post: its text, type and metadata, and the message it replies to. */
export type PostInput = {
  content: string;
  messageType?: MessageType;
  metadata?: Record<string, unknown>;
  replyToId?: string | null;
};

/** The other participant of a conversation, seen from one of its two. */
export const otherOf = (c: ConversationRow, userId: string) =>
  c.participant1Id === userId ? c.participant2Id : c.participant1Id;
