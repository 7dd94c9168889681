import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadEnv } from './config/env.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { DEMO_PASSWORD, DEMO_USERS, queueDemoMatching, seedDemoData, seedDemoDeals } from './demo/seed.ts';
import { seedDemoBlog } from './demo/seed-blog.ts';
import { seedDemoReviews } from './demo/seed-reviews.ts';
import { armCrashPoints } from './lib/crash-points.ts';
import { lockDataDir } from './lib/data-dir-lock.ts';
import { createProcessErrorHandler, PROCESS_ERROR_EVENTS } from './lib/process-errors.ts';
import { createStorage } from './lib/storage.ts';

/** How long a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_DELAY_MS = 10_000;

/** Milliseconds per start-up step, logged once the server listens (bench/startup-benchmark.ts reads them). */
function startPhaseClock() {
  const phases: Record<string, number> = {};
  // performance.now() counts from the process's start: the first phase is loading the code.
  let last = 0;
  return {
    phases,
    end(name: string) {
      const now = performance.now();
      phases[name] = Math.round(now - last);
      last = now;
    },
  };
}

async function main() {
  const clock = startPhaseClock();
  clock.end('imports');
  const env = loadEnv();
  armCrashPoints(env.crashAt);
  // Only the embedded database lives in the data directory, so only then must it be exclusive.
  const releaseLock = env.databaseUrl ? () => {} : lockDataDir(env.dataDir);
  const database = await openDatabase({
    url: env.databaseUrl,
    pgliteDir: path.join(env.dataDir, 'pglite'),
    backupDir: env.backupDir,
  });
  clock.end('database');
  await migrateDatabase(database);
  clock.end('migrations');
  const storage = createStorage({ s3: env.s3, localRoot: path.join(env.dataDir, 'uploads') });
  const seeded = env.seedDemoData ? await seedDemoData(database.db, { storage }) : { seeded: false };
  clock.end('demoSeed');

  const app = await buildApp({ env, database, storage });
  clock.end('buildApp');
  // The demo listings were inserted in bulk: their matches are computed once, by the matching job.
  if (seeded.seeded) await queueDemoMatching(database.db, app.services.jobs);
  if (env.seedDemoData) {
    // Demo deals go through the services (and the ledger), so they follow the app's construction.
    const demoDeals = await seedDemoDeals(database.db, app.services);
    // Their history is dated back after the fact: the price index counts it from the start. Later
    // starts leave the index to its hourly job.
    if (demoDeals.seeded) await app.services.priceIndex.recompute({ rebuildYear: true });
    // Reviews of the concluded demo deals, through the reviews service; then every reputation.
    if (demoDeals.seeded) await seedDemoReviews(database.db, app.services);
    await seedDemoBlog(database.db);
  }
  clock.end('demoDeals');
  let stopped: Promise<void> | undefined;
  const shutdown = () => {
    stopped ??= (async () => {
      await app.close();
      await database.close();
      releaseLock();
    })();
    return stopped;
  };
  // Signals stop the server gracefully; an error nobody caught stops it too, unless it is a lost
  // database connection (lib/process-errors.ts).
  closeWithGrace({ delay: SHUTDOWN_DELAY_MS, skip: [...PROCESS_ERROR_EVENTS] }, shutdown);
  const onProcessError = createProcessErrorHandler({
    logger: app.log,
    shutdown,
    stopping: () => stopped !== undefined,
    delayMs: SHUTDOWN_DELAY_MS,
  });
  for (const event of PROCESS_ERROR_EVENTS) process.on(event, onProcessError);
  await app.listen({ port: env.port, host: env.host });
  clock.end('listen');
  app.log.info({ phases: clock.phases }, 'started');

  const lines = [
    '',
    `  Recytrade is running at ${env.appUrl}`,
    `  Database: ${env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.join(env.dataDir, 'pglite')}`}`,
  ];
  if (env.devMailbox) lines.push(`  Dev mailbox: ${env.appUrl}/dev/mailbox`);
  if (env.seedDemoData) {
    lines.push(`  Demo accounts${seeded.seeded ? ' (just created)' : ''}, password "${DEMO_PASSWORD}":`);
    for (const u of DEMO_USERS) lines.push(`    ${u.admin ? 'administrator' : 'trader       '}  ${u.email}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
