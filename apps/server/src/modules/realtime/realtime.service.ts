import type { ServerRealtimeEvent, SessionEndReason } from '@app/shared/realtime/realtime-events';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { CHANNEL, type PubSub, type PubSubMessage } from '../../lib/pubsub.ts';

type Sendable = { send(data: string): void; close(code?: number, reason?: string): void; readyState: number };
const OPEN = 1;
/** Close code of a socket whose sessions were ended (4000-4999 are for applications). */
export const SESSION_ENDED_CLOSE_CODE = 4001;
/** Close code of a non-administrator's socket when maintenance mode starts. */
export const MAINTENANCE_CLOSE_CODE = 4002;
/** Close code of a socket whose session was replaced by a new one (a password change): reconnect. */
export const SESSION_RENEWED_CLOSE_CODE = 4003;
/** How often every open socket's session is checked against the database. */
export const SESSION_CHECK_INTERVAL_MS = 30_000;

/**
 * Sent over pubsub to end sockets on every instance: those of the listed sessions (all of the user's
 * when none is listed), and `renewed` ones, closed without a "signed out" so their page reconnects.
 */
type SessionsEnded = {
  type: 'sessions.ended';
  reason: SessionEndReason;
  sessionIds?: string[];
  renewed?: string[];
};

export type RealtimeService = ReturnType<typeof createRealtimeService>;

/**
 * `tx`: publish inside the caller's transaction. PostgreSQL (and PGlite) deliver a NOTIFY issued in a
 * transaction only when it commits, and never if it rolls back, so an event decided by a state change
 * goes out exactly when that change is committed, even if this process dies right after the commit.
 * Do not swallow its error there: on PostgreSQL a failed statement has already aborted the transaction.
 */
export type PublishOptions = { tx?: Db };

/** Holds this instance's sockets per user and delivers what any instance publishes. */
export function createRealtimeService(deps: {
  pubsub: PubSub;
  /** Administrators keep their sockets when maintenance starts; asked only then, per user. */
  isAdmin?: (userId: string) => Promise<boolean>;
  /** Which of these sessions are still valid: every socket's session is checked periodically. */
  liveSessionIds?: (sessionIds: string[]) => Promise<Set<string>>;
  logError?: (msg: string, err: unknown) => void;
}) {
  const socketsByUser = new Map<string, Set<Sendable>>();
  /** The session each signed-in socket was opened with. */
  const sessionOf = new Map<Sendable, string>();
  /** Visitors' sockets: they receive public broadcasts (the directory) and nothing addressed to a user. */
  const anonymousSockets = new Set<Sendable>();

  deps.pubsub.onMessage((message) => {
    const frame = JSON.stringify(message.event);
    const targets =
      'broadcast' in message
        ? [...socketsByUser.values(), anonymousSockets]
        : [...new Set(message.userIds)].map((id) => socketsByUser.get(id) ?? []);
    const ending = message.event as SessionsEnded;
    if (ending.type === 'sessions.ended') {
      for (const sockets of targets) endSockets(sockets, ending);
      return;
    }
    const event = message.event as ServerRealtimeEvent;
    const endsSession = event.type === 'session.ended';
    const startsMaintenance = event.type === 'platform.status.changed' && event.maintenanceMode;
    for (const sockets of targets)
      for (const socket of sockets) {
        if (socket.readyState !== OPEN) continue;
        socket.send(frame);
        if (endsSession) socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
      }
    if (startsMaintenance) void closeAllButAdministrators();
  });

  // The LISTEN came back after a drop: events published meanwhile are gone, so every socket this
  // instance holds is told to read its data again (the client treats it like a reopen).
  deps.pubsub.onReconnect(() => {
    const frame = JSON.stringify({ type: 'realtime.resync' } satisfies ServerRealtimeEvent);
    for (const sockets of [...socketsByUser.values(), anonymousSockets])
      for (const socket of sockets) if (socket.readyState === OPEN) socket.send(frame);
  });

  /** Closes the sockets a `sessions.ended` names: told first when signed out, silently when renewed. */
  function endSockets(sockets: Iterable<Sendable>, ending: SessionsEnded): void {
    const frame = JSON.stringify({
      type: 'session.ended',
      reason: ending.reason,
    } satisfies ServerRealtimeEvent);
    for (const socket of [...sockets]) {
      if (socket.readyState !== OPEN) continue;
      const session = sessionOf.get(socket);
      if (session && ending.renewed?.includes(session)) {
        socket.close(SESSION_RENEWED_CLOSE_CODE, 'Session renewed');
        continue;
      }
      if (ending.sessionIds && !(session && ending.sessionIds.includes(session))) continue;
      socket.send(frame);
      socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
    }
  }

  /**
   * Every open socket's session is checked against the database: one that expired or was deleted by a
   * path that told no one closes within the interval.
   */
  async function checkSessions(): Promise<void> {
    if (!deps.liveSessionIds || sessionOf.size === 0) return;
    const ids = [...new Set(sessionOf.values())];
    const live = await deps.liveSessionIds(ids);
    for (const [socket, session] of [...sessionOf])
      if (!live.has(session) && socket.readyState === OPEN) {
        socket.send(
          JSON.stringify({ type: 'session.ended', reason: 'expired' } satisfies ServerRealtimeEvent),
        );
        socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
      }
  }
  const sessionCheck = setInterval(() => {
    checkSessions().catch((err) => deps.logError?.('realtime session check failed', err));
  }, SESSION_CHECK_INTERVAL_MS);
  sessionCheck.unref();

  /** Maintenance started: visitors' sockets close, and every user's who is not an administrator. */
  async function closeAllButAdministrators(): Promise<void> {
    const close = (sockets: Iterable<Sendable>) => {
      for (const socket of sockets)
        if (socket.readyState === OPEN) socket.close(MAINTENANCE_CLOSE_CODE, 'Maintenance');
    };
    close(anonymousSockets);
    for (const [userId, sockets] of [...socketsByUser]) {
      const admin = await (deps.isAdmin?.(userId) ?? Promise.resolve(false)).catch(() => false);
      if (!admin) close(sockets);
    }
  }

  async function publish(message: PubSubMessage, opts: PublishOptions): Promise<void> {
    if (opts.tx) await opts.tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(message)})`);
    else await deps.pubsub.publish(message);
  }

  /** Publishes an event to every open socket of the user, on whichever instance holds it. */
  async function publishToUser(userId: string, event: ServerRealtimeEvent, opts: PublishOptions = {}) {
    await publish({ userIds: [userId], event }, opts);
  }

  /** The same event to several users in one NOTIFY (both participants of a conversation). */
  async function publishToUsers(userIds: string[], event: ServerRealtimeEvent, opts: PublishOptions = {}) {
    await publish({ userIds, event }, opts);
  }

  /** Publishes an event to every open socket on every instance (public news such as the directory). */
  async function publishToAll(event: ServerRealtimeEvent, opts: PublishOptions = {}) {
    await publish({ broadcast: true, event }, opts);
  }

  /**
   * Tells every open socket of the user, on every instance, that their sessions ended, then closes them:
   * deleting sessions stops new requests, but an open socket would otherwise keep receiving events.
   */
  async function endSessionsOf(userId: string, reason: 'suspended'): Promise<void> {
    await publishToUser(userId, { type: 'session.ended', reason });
  }

  /**
   * Closes, on every instance, the sockets of the sessions that ended (all of the user's when none is
   * named), each told why first; `renewed` sessions' sockets close quietly so their page reconnects
   * with its new cookie.
   */
  async function endSessions(
    userId: string,
    ending: { reason: SessionEndReason; sessionIds?: string[]; renewed?: string[] },
  ): Promise<void> {
    const event: SessionsEnded = { type: 'sessions.ended', ...ending };
    await deps.pubsub.publish({ userIds: [userId], event });
  }

  function attach(userId: string | null, socket: Sendable, sessionId?: string | null): () => void {
    if (userId === null) {
      anonymousSockets.add(socket);
      return () => {
        anonymousSockets.delete(socket);
      };
    }
    const set = socketsByUser.get(userId) ?? new Set<Sendable>();
    socketsByUser.set(userId, set);
    set.add(socket);
    if (sessionId) sessionOf.set(socket, sessionId);
    return () => {
      set.delete(socket);
      sessionOf.delete(socket);
      if (set.size === 0) socketsByUser.delete(userId);
    };
  }

  function stop(): void {
    clearInterval(sessionCheck);
  }

  const connectionCount = () =>
    [...socketsByUser.values()].reduce((n, s) => n + s.size, anonymousSockets.size);

  return {
    publishToUser,
    publishToUsers,
    publishToAll,
    endSessionsOf,
    endSessions,
    checkSessions,
    attach,
    connectionCount,
    stop,
  };
}
