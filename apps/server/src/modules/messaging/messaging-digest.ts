import {
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  type MessagingPreferences,
  type UpdateMessagingPreferencesBody,
} from '@app/shared/messaging/messaging.schemas';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../accounts/index.ts';
import { messageDigestEmail } from './messaging.emails.ts';
import {
  claimDigestMessages,
  digestOptOuts,
  findPreferences,
  findUserBriefs,
  upsertPreferences,
} from './messaging.repository.ts';
import type { MessagingContext } from './messaging-context.ts';

const DIGEST_BATCH = 5000;

/** The unread-message email digest (messaging.job.ts runs it) and the preference that turns it off. */
export function createMessagingDigest(
  ctx: Pick<MessagingContext, 'db' | 'clock' | 'notifications' | 'appUrl'>,
) {
  const { db, clock, notifications, appUrl } = ctx;

  async function getPreferences(user: SessionUser): Promise<MessagingPreferences> {
    const row = await findPreferences(db, user.id);
    return { emailDigest: row?.emailDigest ?? true };
  }

  async function updatePreferences(
    user: SessionUser,
    body: UpdateMessagingPreferencesBody,
  ): Promise<MessagingPreferences> {
    if (body.emailDigest === undefined) return getPreferences(user);
    const row = await upsertPreferences(db, user.id, body.emailDigest, clock.now());
    return { emailDigest: row.emailDigest };
  }

  /**
   * The email digest: every message unread for 15 minutes is taken once; each recipient who has the
   * digest on gets one email listing the conversations and their counts. A recipient with it off is
   * skipped for those messages for good (turning it on later sends no backlog).
   */
  async function runDigest(): Promise<{ emails: number; messages: number }> {
    // One transaction: the messages are marked digested exactly when their emails are in the outbox,
    // so neither a failure nor a crash in between loses a digest (the batch is taken again next run).
    return db.transaction((tx) => digestBatch(tx));
  }

  async function digestBatch(tx: Db): Promise<{ emails: number; messages: number }> {
    const now = clock.now();
    const cutoff = new Date(now.getTime() - MESSAGING_LIMITS.digestDelayMinutes * 60_000);
    const claimed = await claimDigestMessages(tx, cutoff, now, DIGEST_BATCH);
    if (claimed.length === 0) return { emails: 0, messages: 0 };
    const recipientIds = [...new Set(claimed.map((m) => m.recipientId))];
    const optedOut = await digestOptOuts(tx, recipientIds);
    const people = new Map(
      (await findUserBriefs(tx, [...new Set(claimed.flatMap((m) => [m.recipientId, m.senderId]))])).map(
        (u) => [u.id, u],
      ),
    );
    let emails = 0;
    for (const recipientId of recipientIds) {
      const recipient = people.get(recipientId);
      if (!recipient || optedOut.has(recipientId)) continue;
      const mine = claimed.filter((m) => m.recipientId === recipientId);
      const byConversation = new Map<string, { subject: string; senders: Set<string>; count: number }>();
      for (const m of mine) {
        const entry = byConversation.get(m.conversationId) ?? {
          subject: m.subject,
          senders: new Set<string>(),
          count: 0,
        };
        entry.count += 1;
        entry.senders.add(m.senderId);
        byConversation.set(m.conversationId, entry);
      }
      const conversations = [...byConversation].map(([id, c]) => ({
        subject: c.subject,
        count: c.count,
        fromName: [...c.senders]
          .map((s) => people.get(s)?.name || people.get(s)?.email || MESSAGING_MESSAGES.unknownUser)
          .join(', '),
        url: `${appUrl}/messages?conversation=${encodeURIComponent(id)}`,
      }));
      await notifications.queueEmail(
        {
          to: recipient.email,
          kind: 'message-digest',
          meta: { conversationIds: [...byConversation.keys()], messageCount: mine.length },
          render: (brand) =>
            messageDigestEmail(
              brand,
              recipient.name || recipient.email,
              conversations,
              `${appUrl}/messages`,
              `${appUrl}/account?tab=preferences`,
            ),
        },
        { tx },
      );
      emails += 1;
    }
    return { emails, messages: claimed.length };
  }

  return { getPreferences, updatePreferences, runDigest };
}
