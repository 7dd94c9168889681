import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client.ts';
import { describeError } from './log-error.ts';

/** The NOTIFY channel every instance listens on (a transaction may notify it itself: see realtime.service.ts). */
export const CHANNEL = 'app_realtime';
/** Names the LISTEN connection in pg_stat_activity, so an operator (or a test) can find it. */
export const LISTENER_APPLICATION_NAME = 'recytrade-realtime-listener';
const RECONNECT_BASE_MS = 250;
const RECONNECT_MAX_MS = 30_000;

/** To the sockets of some users (one NOTIFY for all of them), or (`broadcast`) to every socket of every instance. */
export type PubSubMessage = { userIds: string[]; event: unknown } | { broadcast: true; event: unknown };
export type PubSub = {
  /** Publish to every instance (including this one) through NOTIFY. */
  publish(message: PubSubMessage): Promise<void>;
  onMessage(handler: (message: PubSubMessage) => void): void;
  /**
   * Called each time the LISTEN is back after its connection was lost: whatever was published in between
   * never arrived here, so this instance's clients must read their data again.
   */
  onReconnect(handler: () => void): void;
  close(): Promise<void>;
};

/**
 * Cross-instance fan-out over Postgres LISTEN/NOTIFY: every instance listens on one channel and
 * delivers to the sockets it holds. NOTIFY payloads are capped at 8000 bytes, so events stay small
 * (ids and short previews); clients fetch anything larger over HTTP.
 */
export async function startPubSub(
  database: Database,
  opts: { logger: Pick<FastifyBaseLogger, 'info' | 'warn'> },
): Promise<PubSub> {
  const handlers: Array<(m: PubSubMessage) => void> = [];
  const reconnectHandlers: Array<() => void> = [];
  const dispatch = (payload: string) => {
    let message: PubSubMessage;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    for (const h of handlers) h(message);
  };

  if (database.kind === 'pglite') {
    // The embedded database lives in this process: its LISTEN cannot be cut off from it.
    const unlisten = await database.pglite.listen(CHANNEL, dispatch);
    return {
      async publish(m) {
        await database.pglite.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(m)]);
      },
      onMessage: (h) => void handlers.push(h),
      onReconnect: (h) => void reconnectHandlers.push(h),
      close: () => unlisten(),
    };
  }

  // A dedicated connection holds the LISTEN. When the server drops it (a restart, a failover,
  // pg_terminate_backend) it reconnects with capped exponential backoff, for as long as the app runs.
  const { logger } = opts;
  let listener: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: database.connectionString,
      application_name: LISTENER_APPLICATION_NAME,
    });
    let live = false;
    const lost = (err: unknown) => {
      if (!live) return;
      live = false;
      if (listener === client) listener = undefined;
      void client.end().catch(() => {});
      scheduleReconnect(err);
    };
    client.on('notification', (n) => n.channel === CHANNEL && n.payload && dispatch(n.payload));
    // Before `live`, a failed connect rejects below and the retry is scheduled there.
    client.on('error', lost);
    client.on('end', () => lost(new Error('The LISTEN connection was closed by the server')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      void client.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    live = true;
    listener = client;
  };

  const scheduleReconnect = (err: unknown) => {
    if (closed || retryTimer) return;
    const delayMs = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
    attempt += 1;
    logger.warn(
      { err: describeError(err), attempt, retryInMs: delayMs },
      'realtime: LISTEN connection lost; reconnecting',
    );
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      if (closed) return;
      try {
        await connect();
      } catch (connectErr) {
        scheduleReconnect(connectErr);
        return;
      }
      if (closed) return;
      logger.info({ attempts: attempt }, 'realtime: LISTEN re-established; clients are told to refetch');
      attempt = 0;
      for (const h of reconnectHandlers) h();
    }, delayMs);
  };

  await connect();
  return {
    async publish(m) {
      await database.pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(m)]);
    },
    onMessage: (h) => void handlers.push(h),
    onReconnect: (h) => void reconnectHandlers.push(h),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await listener?.end().catch(() => {});
    },
  };
}
