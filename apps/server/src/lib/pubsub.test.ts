import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/test-database.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { LISTENER_APPLICATION_NAME, type PubSub, type PubSubMessage, startPubSub } from './pubsub.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A logger that keeps its lines, so a test can see what an operator would. */
function capturingLogger() {
  const lines: Array<{ level: string; msg: string; obj: Record<string, unknown> }> = [];
  const log = (level: string) => (obj: Record<string, unknown>, msg: string) =>
    lines.push({ level, msg, obj });
  return { lines, logger: { info: log('info'), warn: log('warn') } as never };
}

/** A database of its own, and a connection to the server's own database to take it down and up with. */
async function scratchDatabase(): Promise<{ database: Database; admin: pg.Client; name: string }> {
  const base = String(process.env.TEST_DATABASE_URL);
  const name = `test_pubsub_${process.pid}`;
  const database = await openDatabase({ url: await createScratchDatabase(base, name) });
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  cleanups.push(async () => {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });
  return { database, admin, name };
}

// The LISTEN connection is a PostgreSQL connection of its own; PGlite runs in the process.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the realtime LISTEN connection', () => {
  it('keeps reconnecting while the database refuses it, then logs it, asks for a refetch and delivers again', async () => {
    const { database, admin, name } = await scratchDatabase();
    const { lines, logger } = capturingLogger();
    const pubsub: PubSub = await startPubSub(database, { logger });
    cleanups.push(() => pubsub.close());
    const received: PubSubMessage[] = [];
    let resyncs = 0;
    pubsub.onMessage((m) => received.push(m));
    pubsub.onReconnect(() => {
      resyncs += 1;
    });

    // An outage: the server refuses new connections to the database and kills the LISTEN.
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    const killed = await admin.query(
      'select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = $1 and datname = $2',
      [LISTENER_APPLICATION_NAME, name],
    );
    expect(killed.rows).toEqual([{ killed: true }]);
    // The connection loss, then two refused reconnects: it goes on trying.
    await expect.poll(() => lines.length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    expect(lines.slice(0, 3).map((l) => [l.level, l.msg])).toEqual(
      Array(3).fill(['warn', 'realtime: LISTEN connection lost; reconnecting']),
    );
    expect((lines[0].obj.err as { code?: string }).code).toBe('57P01');
    expect((lines[1].obj.err as { code?: string }).code).toBe('55000');
    expect(resyncs).toBe(0);

    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    await expect.poll(() => resyncs, { timeout: 10_000 }).toBe(1);
    expect(lines.at(-1)).toMatchObject({
      level: 'info',
      msg: 'realtime: LISTEN re-established; clients are told to refetch',
    });

    await pubsub.publish({ broadcast: true, event: { type: 'pong' } });
    await expect
      .poll(() => received, { timeout: 5000 })
      .toEqual([{ broadcast: true, event: { type: 'pong' } }]);
  });
});
