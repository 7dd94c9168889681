import pg from 'pg';

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * The node-postgres pool, made to outlive any connection it loses. A client whose connection dies
 * (pg_terminate_backend, a restart, a failover) emits 'error', and an 'error' nobody listens to ends
 * the process. The pool listens only while a client is idle, and `pool.query` while its query runs; a
 * client checked out with `connect()` (each Drizzle transaction) had no listener at all. So:
 * - every client has a listener for its whole life, from the moment it connects;
 * - a client checked out with `connect()` that breaks is given back at once with the error, so the pool
 *   discards it even when its holder never releases it (Drizzle does not when its BEGIN fails); the
 *   holder's own release later is a no-op, and its next query fails as "not queryable", a 503.
 */
export class DatabasePool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    // An idle client that lost its server: the pool has discarded it already.
    this.on('error', () => {});
    this.on('connect', (client) => client.on('error', () => {}));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // The callback form is `pool.query`'s, which releases its client on an error itself.
    if (callback) {
      super.connect(callback);
      return;
    }
    return super.connect().then(releasedWhenBroken);
  }
}

function releasedWhenBroken(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const giveBack = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', onError);
    release(err);
  };
  const onError = (err: Error) => giveBack(err);
  client.on('error', onError);
  client.release = giveBack;
  return client;
}
