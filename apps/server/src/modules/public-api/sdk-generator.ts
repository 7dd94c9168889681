import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { buildApp } from '../../app.ts';
import { loadEnv } from '../../config/env.ts';
import { migrateDatabase, openDatabase } from '../../db/client.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** The SDK the web app serves at /sdk/: generated types plus the small hand-written client. */
export const SDK_DIR = path.join(REPO_ROOT, 'apps/web/public/sdk');
export const SDK_TYPES_FILE = path.join(SDK_DIR, 'recytrade-api.d.ts');
export const SDK_CLIENT_FILE = path.join(SDK_DIR, 'recytrade-client.ts');

const BANNER = `/**
 * Types of the Recytrade API v1, generated from /api/v1/openapi.json by openapi-typescript.
 * Do not edit: run \`npm run generate:sdk\` after changing a /api/v1 route or its schemas.
 */

`;

/** The OpenAPI document of a fresh in-process app on an in-memory database: no server, no data. */
export async function buildOpenApiDocument(): Promise<OpenAPI3> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'recytrade-sdk-'));
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    // A fixed environment, so the document does not depend on the machine that generates it.
    const env = loadEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, APP_URL: 'http://localhost:3000' });
    const app = await buildApp({ env, database, jobs: { schedules: false } });
    try {
      await app.ready();
      return app.swagger() as OpenAPI3;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The TypeScript declarations of the document, formatted the way the repository's formatter writes them. */
export async function renderSdkTypes(document: OpenAPI3): Promise<string> {
  const ast = await openapiTS(document, { alphabetize: true, silent: true });
  const source = BANNER + astToString(ast);
  const biome = path.join(REPO_ROOT, 'node_modules/.bin/biome');
  return execFileSync(biome, ['format', `--stdin-file-path=${SDK_TYPES_FILE}`], {
    input: source,
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
}
