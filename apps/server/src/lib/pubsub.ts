import pg from 'pg';
import type { Database } from '../db/client.ts';

const CHANNEL = 'app_realtime';

/** To the sockets of some users (one NOTIFY for all of them), or (`broadcast`) to every socket of every instance. */
export type PubSubMessage = { userIds: string[]; event: unknown } | { broadcast: true; event: unknown };
export type PubSub = {
  /** Publish to every instance (including this one) through NOTIFY. */
  publish(message: PubSubMessage): Promise<void>;
  onMessage(handler: (message: PubSubMessage) => void): void;
  close(): Promise<void>;
};

/**
 * Cross-instance fan-out over Postgres LISTEN/NOTIFY: every instance listens on one channel and
 * delivers to the sockets it holds. NOTIFY payloads are capped at 8000 bytes, so events stay small
 * (ids and short previews); clients fetch anything larger over HTTP.
 */
export async function startPubSub(database: Database): Promise<PubSub> {
  const handlers: Array<(m: PubSubMessage) => void> = [];
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
    const unlisten = await database.pglite.listen(CHANNEL, dispatch);
    return {
      async publish(m) {
        await database.pglite.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(m)]);
      },
      onMessage: (h) => void handlers.push(h),
      close: () => unlisten(),
    };
  }

  // A dedicated connection holds the LISTEN; it reconnects if the server drops it.
  let listener: pg.Client | undefined;
  let closed = false;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: database.connectionString });
    client.on('notification', (n) => n.channel === CHANNEL && n.payload && dispatch(n.payload));
    client.on('error', () => {
      if (!closed) setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  await connect();
  return {
    async publish(m) {
      await database.pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(m)]);
    },
    onMessage: (h) => void handlers.push(h),
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
    },
  };
}
