// Usage: npm run make-admin -- someone@example.com
// Makes an existing, signed-up account an administrator in the configured database.
import path from 'node:path';
import { loadEnv } from '../../config/env.ts';
import { type Database, migrateDatabase, openDatabase } from '../../db/client.ts';
import { lockDataDir } from '../../lib/data-dir-lock.ts';
import { createAccessService } from '../access/index.ts';
import { createAdminService } from './admin.service.ts';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run make-admin -- <email>');
  process.exit(2);
}
const env = loadEnv();
let release = () => {};
let database: Database | undefined;
try {
  release = env.databaseUrl ? () => {} : lockDataDir(env.dataDir);
  database = await openDatabase({
    url: env.databaseUrl,
    pgliteDir: path.join(env.dataDir, 'pglite'),
    backupDir: env.backupDir,
  });
  await migrateDatabase(database);
  const access = createAccessService({ db: database.db });
  const admin = await createAdminService({ db: database.db, access }).makeAdminByEmail(email);
  console.log(`${admin.email} is now an administrator.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database?.close().catch(() => {});
  release();
}
process.exit();
