import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadEnv } from './config/env.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { DEMO_PASSWORD, DEMO_USERS, queueDemoMatching, seedDemoData, seedDemoDeals } from './demo/seed.ts';
import { seedDemoBlog } from './demo/seed-blog.ts';
import { lockDataDir } from './lib/data-dir-lock.ts';
import { createStorage } from './lib/storage.ts';

async function main() {
  const env = loadEnv();
  // Only the embedded database lives in the data directory, so only then must it be exclusive.
  const releaseLock = env.databaseUrl ? () => {} : lockDataDir(env.dataDir);
  const database = await openDatabase({
    url: env.databaseUrl,
    pgliteDir: path.join(env.dataDir, 'pglite'),
    backupDir: env.backupDir,
  });
  await migrateDatabase(database);
  const storage = createStorage({ s3: env.s3, localRoot: path.join(env.dataDir, 'uploads') });
  const seeded = env.seedDemoData ? await seedDemoData(database.db, { storage }) : { seeded: false };

  const app = await buildApp({ env, database, storage });
  // The demo listings were inserted in bulk: their matches are computed once, by the matching job.
  if (seeded.seeded) await queueDemoMatching(database.db, app.services.jobs);
  // Demo deals go through the services (and the ledger), so they follow the app's construction.
  if (env.seedDemoData) await seedDemoDeals(database.db, app.services);
  // The demo deal history is dated back after the fact: the price index counts it from the start.
  if (env.seedDemoData) await app.services.priceIndex.recompute({ rebuildYear: true });
  if (env.seedDemoData) await seedDemoBlog(database.db);
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await app.close();
    await database.close();
    releaseLock();
  });
  await app.listen({ port: env.port, host: env.host });

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
