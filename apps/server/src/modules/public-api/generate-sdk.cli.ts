// Usage: npm run generate:sdk
// Regenerates apps/web/public/sdk/recytrade-api.d.ts from the OpenAPI document of the current code.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument, renderSdkTypes, SDK_TYPES_FILE } from './sdk-generator.ts';

try {
  const types = await renderSdkTypes(await buildOpenApiDocument());
  writeFileSync(SDK_TYPES_FILE, types);
  console.log(`Wrote ${path.relative(process.cwd(), SDK_TYPES_FILE)}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
process.exit();
