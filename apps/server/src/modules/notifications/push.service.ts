import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  PUSH_KINDS,
  PUSH_LIMITS,
  PUSH_MESSAGES,
  type PushConfig as PublicPushConfig,
  type PushKind,
  type PushPayload,
  type PushPreferences,
  type PushStatus,
  type PushSubscriptionBody,
} from '@app/shared/notifications/push.schemas';
import type { RequestOptions as WebPushRequestOptions } from 'web-push';
import type { PushConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { createOutboxDrainer } from '../../lib/outbox-drainer.ts';
import {
  claimDuePushes,
  countSubscriptions,
  deleteSubscription,
  deleteSubscriptionsById,
  findPreferences,
  findRecipients,
  finishPush,
  insertPushForDevices,
  markDelivered,
  type PushOutboxRow,
  type PushPreferencesRow,
  type PushSubscriptionRow,
  upsertPreferences,
  upsertSubscription,
} from './push.repository.ts';

/** What a module asks to be pushed: the text of the notification and the page it opens. */
export type PushMessage = { title: string; body: string; url: string; tag: string };

/** One send to one browser; web-push's `sendNotification`, replaceable in tests. */
export type PushSender = (
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string,
  options: WebPushRequestOptions,
) => Promise<{ statusCode: number }>;

/**
 * web-push encrypts the payload and signs the VAPID header; the request itself goes out with fetch,
 * which also reaches a plain-http push service on this machine (development and tests).
 */
export const sendWithFetch: PushSender = async (subscription, payload, options) => {
  // web-push (some 13 MB with its dependencies) loads at the first push, not at start.
  const { default: webPush } = await import('web-push');
  const { endpoint, method, headers, body } = webPush.generateRequestDetails(subscription, payload, options);
  const res = await fetch(endpoint, {
    method,
    headers: headers as Record<string, string>,
    body,
    signal: AbortSignal.timeout(options.timeout ?? 10_000),
  });
  if (res.status >= 200 && res.status < 300) return { statusCode: res.status };
  const detail = (await res.text()).slice(0, 200);
  throw Object.assign(new Error(`The push service answered ${res.status}: ${detail}`), {
    statusCode: res.status,
  });
};

const BATCH_SIZE = 50;
const CLAIM_SECONDS = 60;
export const MAX_PUSH_ATTEMPTS = 5;
/** A push older than this is no news: the push service drops it rather than waking the phone. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
const ALL_ON: PushPreferences = { messages: true, deals: true, matches: true };

export type PushService = ReturnType<typeof createPushService>;

/**
 * Web Push: the devices of each user, the switch per kind, and an outbox the sender drains. A push is
 * written in the transaction of the change it reports (like an email); preferences and devices are
 * read when it is sent; a device its push service calls gone (404, 410) is removed.
 */
export function createPushService(deps: {
  db: Db;
  config: PushConfig | null;
  /** Signs the one-click "turn these off" tokens. */
  secret: string;
  clock?: Clock;
  send?: PushSender;
  pollIntervalMs?: number;
  logger?: { error(obj: object, msg: string): void };
  /**
   * Whether `blockerId` blocked `blockedId` (the trust module's relations, built in app.ts): a push
   * about a party its recipient blocked is never written, and one written before the block is not sent.
   * Pass the transaction inside one.
   */
  hasBlocked?: (blockerId: string, blockedId: string, db?: Db) => Promise<boolean>;
  /**
   * Which of these sessions still exist and have not expired (the accounts module's read, built in
   * app.ts). A device is deleted with its session; this check keeps an expired session not yet
   * purged from hearing anything either.
   */
  liveSessionIds: (sessionIds: string[]) => Promise<Set<string>>;
}) {
  const { db, config } = deps;
  const clock = deps.clock ?? systemClock;
  const send: PushSender = deps.send ?? sendWithFetch;

  function publicConfig(): PublicPushConfig {
    return config ? { available: true, publicKey: config.publicKey } : { available: false, publicKey: null };
  }

  function requireConfig(): PushConfig {
    if (!config) throw new AppError('UNAVAILABLE', PUSH_MESSAGES.notConfigured);
    return config;
  }

  /** Only the browsers' push services (and, in development, this machine): the server POSTs there. */
  function endpointAllowed(endpoint: string, cfg: PushConfig): boolean {
    const url = new URL(endpoint);
    const host = url.hostname.toLowerCase();
    if (cfg.allowLocalEndpoints && (host === 'localhost' || host === '127.0.0.1')) return true;
    if (url.protocol !== 'https:') return false;
    return cfg.serviceHosts.some((allowed) =>
      allowed.startsWith('.') ? host.endsWith(allowed) : host === allowed,
    );
  }

  /** Registers this browser for the signed-in session; it stops hearing anything when that session ends. */
  async function subscribe(
    { userId, sessionId }: { userId: string; sessionId: string },
    body: PushSubscriptionBody,
  ): Promise<PushStatus> {
    const cfg = requireConfig();
    if (!endpointAllowed(body.endpoint, cfg))
      throw new AppError('VALIDATION_FAILED', PUSH_MESSAGES.endpointRefused);
    if ((await countSubscriptions(db, userId, body.endpoint)) >= PUSH_LIMITS.devicesPerUser)
      throw new AppError('CONFLICT', PUSH_MESSAGES.tooManyDevices);
    await upsertSubscription(db, {
      id: randomUUID(),
      userId,
      sessionId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      createdAt: clock.now(),
    });
    return getStatus(userId);
  }

  /** This device stops receiving pushes for the user; removing one already gone is no error. */
  async function unsubscribe(userId: string, endpoint: string): Promise<void> {
    await deleteSubscription(db, userId, endpoint);
  }

  async function preferencesOf(userId: string, tx: Db = db): Promise<PushPreferences> {
    const row = await findPreferences(tx, userId);
    return row ? { messages: row.messages, deals: row.deals, matches: row.matches } : ALL_ON;
  }

  async function getStatus(userId: string): Promise<PushStatus> {
    const [preferences, devices] = await Promise.all([preferencesOf(userId), countSubscriptions(db, userId)]);
    return { preferences, devices };
  }

  async function setPreferences(userId: string, preferences: PushPreferences): Promise<PushStatus> {
    await upsertPreferences(db, { userId, ...preferences, updatedAt: clock.now() });
    return getStatus(userId);
  }

  function muteSignature(userId: string, kind: PushKind): string {
    return createHmac('sha256', deps.secret).update(`push-mute:${userId}:${kind}`).digest('base64url');
  }

  function muteToken(userId: string, kind: PushKind): string {
    return `${userId}.${kind}.${muteSignature(userId, kind)}`;
  }

  /** The one-click "turn these off" of a notification: the token names the user and the kind. */
  async function mute(token: string): Promise<void> {
    const [userId, kind, signature] = token.split('.');
    const known = (PUSH_KINDS as readonly string[]).includes(kind);
    const expected = userId && known ? Buffer.from(muteSignature(userId, kind as PushKind)) : null;
    const given = Buffer.from(signature ?? '');
    if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new AppError('VALIDATION_FAILED', PUSH_MESSAGES.muteLinkInvalid);
    const current = await preferencesOf(userId);
    await upsertPreferences(db, { userId, ...current, [kind]: false, updatedAt: clock.now() });
  }

  /**
   * Writes a push for the user. With the caller's transaction it goes out exactly when the change
   * commits; without one, at once. Nothing is written while the server has no push, nor for a user
   * without a device, nor about a party (`about`: the sender, the other side of the deal) the user
   * blocked; `about` is kept with the push, so a block made before it is sent drops it too.
   */
  async function queue(
    userId: string,
    kind: PushKind,
    message: PushMessage,
    opts: { tx?: Db; about?: string | null } = {},
  ) {
    if (!config) return;
    if (opts.about && (await deps.hasBlocked?.(userId, opts.about, opts.tx ?? db))) return;
    await insertPushForDevices(opts.tx ?? db, {
      id: `psh_${randomUUID()}`,
      userId,
      kind,
      payload: {
        title: message.title.slice(0, PUSH_LIMITS.titleMax),
        body: message.body.slice(0, PUSH_LIMITS.bodyMax),
        url: message.url,
        tag: message.tag,
      },
      aboutUserId: opts.about ?? null,
      nextAttemptAt: clock.now(),
    });
    if (!opts.tx) void drain().catch(logDrainError);
  }

  /**
   * Sends one push to every device of its user, given the batch's recipients read once; skipped when
   * the kind is turned off, the user has no device, or the user blocked the party it is about since.
   */
  async function deliver(
    row: PushOutboxRow,
    cfg: PushConfig,
    recipients: { subscriptions: PushSubscriptionRow[]; preferences: PushPreferencesRow[] },
  ): Promise<Parameters<typeof finishPush>[2]> {
    const now = clock.now();
    // A block made after the push was written: the recipient no longer hears of that party.
    if (row.aboutUserId && (await deps.hasBlocked?.(row.userId, row.aboutUserId)))
      return { status: 'skipped', at: now };
    const saved = recipients.preferences.find((p) => p.userId === row.userId);
    const preferences: PushPreferences = saved ?? ALL_ON;
    if (!preferences[row.kind]) return { status: 'skipped', at: now };
    const subscriptions = recipients.subscriptions.filter((sub) => sub.userId === row.userId);
    if (subscriptions.length === 0) return { status: 'skipped', at: now };
    const payload: PushPayload = {
      kind: row.kind,
      ...row.payload,
      muteToken: muteToken(row.userId, row.kind),
    };
    const body = JSON.stringify(payload);
    const errors: string[] = [];
    let delivered = 0;
    for (const subscription of subscriptions) {
      const outcome = await deliverTo(subscription, body, row, cfg);
      if (outcome === 'delivered') delivered += 1;
      else if (outcome !== 'gone') errors.push(outcome.error);
    }
    if (delivered > 0 || errors.length === 0) return { status: delivered > 0 ? 'sent' : 'skipped', at: now };
    const attempts = row.attempts + 1;
    if (attempts >= MAX_PUSH_ATTEMPTS) return { status: 'failed', error: errors.join('; ') };
    return {
      status: 'queued',
      error: errors.join('; '),
      nextAttemptAt: new Date(now.getTime() + 30_000 * 2 ** (attempts - 1)),
    };
  }

  async function deliverTo(
    subscription: PushSubscriptionRow,
    body: string,
    row: PushOutboxRow,
    cfg: PushConfig,
  ): Promise<'delivered' | 'gone' | { error: string }> {
    try {
      await send(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        body,
        {
          TTL: TIME_TO_LIVE_SECONDS,
          urgency: row.kind === 'matches' ? 'normal' : 'high',
          topic: row.payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
          vapidDetails: { subject: cfg.subject, publicKey: cfg.publicKey, privateKey: cfg.privateKey },
          timeout: 10_000,
        },
      );
      await markDelivered(db, subscription.id, clock.now());
      return 'delivered';
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      // The browser unsubscribed or the subscription expired: this device is gone for good.
      if (status === 404 || status === 410) {
        await deleteSubscriptionsById(db, [subscription.id]);
        return 'gone';
      }
      return { error: err instanceof Error ? err.message : String(err) };
    }
  }

  async function sendDuePushes(): Promise<void> {
    if (!config) return;
    for (;;) {
      const now = clock.now();
      const batch = await claimDuePushes(db, {
        now,
        claimedUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000),
        limit: BATCH_SIZE,
      });
      const recipients = await findLiveRecipients([...new Set(batch.map((row) => row.userId))]);
      for (const row of batch) await finishPush(db, row.id, await deliver(row, config, recipients));
      if (batch.length < BATCH_SIZE) return;
    }
  }

  /** The batch's devices whose session is still live; those of an ended session are deleted, unsent. */
  async function findLiveRecipients(userIds: string[]): ReturnType<typeof findRecipients> {
    const recipients = await findRecipients(db, userIds);
    const live = await deps.liveSessionIds([...new Set(recipients.subscriptions.map((s) => s.sessionId))]);
    const ended = recipients.subscriptions.filter((s) => !live.has(s.sessionId));
    await deleteSubscriptionsById(
      db,
      ended.map((s) => s.id),
    );
    return { ...recipients, subscriptions: recipients.subscriptions.filter((s) => live.has(s.sessionId)) };
  }

  function logDrainError(err: unknown): void {
    deps.logger?.error({ err }, 'push outbox pass failed');
  }

  const pushSender = createOutboxDrainer({
    pass: sendDuePushes,
    pollIntervalMs: deps.pollIntervalMs ?? 1000,
    onError: logDrainError,
  });
  const drain = pushSender.drain;
  async function startWorkers(): Promise<void> {
    if (config) pushSender.start();
  }
  const stopWorkers = pushSender.stop;

  return {
    publicConfig,
    subscribe,
    unsubscribe,
    getStatus,
    setPreferences,
    mute,
    muteToken,
    queue,
    drain,
    startWorkers,
    stopWorkers,
  };
}
