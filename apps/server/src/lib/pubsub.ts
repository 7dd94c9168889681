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
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7999;

/** To the sockets of some users (one NOTIFY for all of them), or (`broadcast`) to every socket of every instance. */
export type PubSubMessage = { userIds: string[]; event: unknown } | { broadcast: true; event: unknown };
export type PubSub = {
  /**
   * Publish to every instance (including this one) through NOTIFY. Resolves once the NOTIFY that
   * carries it has run; what one instance publishes arrives everywhere in the order it was published.
   */
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
    let parsed: PubSubMessage | PubSubMessage[];
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    // A batch from `publish`, or one message a transaction notified itself (realtime.service.ts).
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) for (const h of handlers) h(message);
  };

  if (database.kind === 'pglite') {
    // The embedded database lives in this process: its LISTEN cannot be cut off from it.
    const unlisten = await database.pglite.listen(CHANNEL, dispatch);
    const publish = createBatchedPublish(async (text, params) => {
      await database.pglite.query(text, params);
    });
    return {
      publish,
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
  const publish = createBatchedPublish(async (text, params) => {
    await database.pool.query(text, params);
  });
  return {
    publish,
    onMessage: (h) => void handlers.push(h),
    onReconnect: (h) => void reconnectHandlers.push(h),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await listener?.end().catch(() => {});
    },
  };
}

type Pending = { json: string; resolve: () => void; reject: (err: unknown) => void };

/**
 * Publishing in batches: what is published while a NOTIFY is on its way (or in the same turn of the
 * event loop) goes out together in the next statement, packed into as few payloads as fit under the
 * limit. A burst of sends then costs a few statements instead of one each, and one statement at a time
 * keeps the order of publishing on every listener. A message too large for any payload fails alone.
 */
export function createBatchedPublish(
  run: (text: string, params: string[]) => Promise<void>,
): (message: PubSubMessage) => Promise<void> {
  let queue: Pending[] = [];
  let flushing = false;

  const flush = async () => {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      const payloads: string[] = [];
      let parts: string[] = [];
      let bytes = 2;
      for (const item of batch) {
        const size = Buffer.byteLength(item.json) + 1;
        if (parts.length > 0 && bytes + size > MAX_NOTIFY_PAYLOAD_BYTES) {
          payloads.push(`[${parts.join(',')}]`);
          parts = [];
          bytes = 2;
        }
        parts.push(item.json);
        bytes += size;
      }
      payloads.push(`[${parts.join(',')}]`);
      // One row whose columns are evaluated left to right: the notifications keep the batch's order.
      const calls = payloads.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ');
      try {
        await run(`select ${calls}`, [CHANNEL, ...payloads]);
        for (const item of batch) item.resolve();
      } catch (err) {
        for (const item of batch) item.reject(err);
      }
    }
    flushing = false;
  };

  return (message) =>
    new Promise<void>((resolve, reject) => {
      const json = JSON.stringify(message);
      if (Buffer.byteLength(json) + 2 > MAX_NOTIFY_PAYLOAD_BYTES) {
        reject(new Error(`A realtime message of ${Buffer.byteLength(json)} bytes exceeds the NOTIFY limit`));
        return;
      }
      queue.push({ json, resolve, reject });
      // The first publish of a quiet moment waits one turn for others published alongside it.
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    });
}
