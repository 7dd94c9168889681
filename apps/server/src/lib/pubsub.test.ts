import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchDatabase, getWorkerDatabase } from '../../test/test-database.ts';
import { type Database, openDatabase } from '../db/client.ts';
import {
  CHANNEL,
  createBatchedPublish,
  LISTENER_APPLICATION_NAME,
  MAX_NOTIFY_PAYLOAD_BYTES,
  type PubSub,
  type PubSubMessage,
  startPubSub,
} from './pubsub.ts';

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
    // Dropped without waiting: DROP DATABASE waits for a checkpoint, which on a server busy with the
    // other workers' tests took up to a minute. The worker's next test does not need it gone.
    void admin
      .query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      .catch(() => {})
      .finally(() => admin.end().catch(() => {}));
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

describe('publishing in batches', () => {
  it('packs what is published together into few statements, in order, each payload under the NOTIFY limit', async () => {
    const statements: Array<{ text: string; params: string[] }> = [];
    let release = () => {};
    const publish = createBatchedPublish(async (text, params) => {
      statements.push({ text, params });
      // The first statement is slow, so what is published meanwhile waits for the next one.
      if (statements.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const message = (i: number): PubSubMessage => ({
      userIds: [`user-${i}`],
      event: { type: 'notification', title: `n${i}`, body: 'x'.repeat(300) },
    });
    const first = Array.from({ length: 500 }, (_, i) => publish(message(i)));
    await expect.poll(() => statements.length).toBe(1);
    const second = Array.from({ length: 10 }, (_, i) => publish(message(500 + i)));
    release();
    await Promise.all([...first, ...second]);

    expect(statements).toHaveLength(2);
    const delivered = statements.flatMap(({ text, params }) => {
      const [channel, ...payloads] = params;
      expect(channel).toBe(CHANNEL);
      expect(text).toBe(`select ${payloads.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ')}`);
      for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_NOTIFY_PAYLOAD_BYTES);
      return payloads.flatMap((p) => JSON.parse(p) as PubSubMessage[]);
    });
    expect(statements[0].params.length).toBeGreaterThan(2);
    expect(delivered).toEqual(Array.from({ length: 510 }, (_, i) => message(i)));
  });

  it('fails a message too large for any payload alone, and a failed statement only its own batch', async () => {
    let fail = true;
    const published: string[] = [];
    const publish = createBatchedPublish(async (_text, params) => {
      if (fail) {
        fail = false;
        throw new Error('connection lost');
      }
      published.push(...params.slice(1));
    });
    const small = (title: string): PubSubMessage => ({ broadcast: true, event: { type: 'x', title } });
    const lost = publish(small('lost'));
    await expect(lost).rejects.toThrow('connection lost');
    const results = await Promise.allSettled([
      publish(small('a')),
      publish({ broadcast: true, event: { body: 'x'.repeat(8000) } }),
      publish(small('b')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(published.flatMap((p) => JSON.parse(p))).toEqual([small('a'), small('b')]);
  });

  it('delivers a burst published at once through the database, none lost and in order', async () => {
    const database = await getWorkerDatabase();
    const pubsub = await startPubSub(database, { logger: capturingLogger().logger });
    cleanups.push(() => pubsub.close());
    const received: PubSubMessage[] = [];
    pubsub.onMessage((m) => received.push(m));
    const sent = Array.from(
      { length: 500 },
      (_, i): PubSubMessage => ({
        userIds: [`u${i % 7}`],
        event: { type: 'n', seq: i, body: 'y'.repeat(i % 200) },
      }),
    );
    await Promise.all(sent.map((m) => pubsub.publish(m)));
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(sent.length);
    expect(received).toEqual(sent);
  });
});
