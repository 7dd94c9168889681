import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { PUBLIC_SCREENS } from '../apps/web/build/screen-chunks.ts';

/** The web build (`npm run build -w apps/web`) and the manifest Vite writes into it. */
export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
export const WEB_DIST = path.join(WEB_ROOT, 'dist');
export const MANIFEST_PATH = path.join(WEB_DIST, '.vite/manifest.json');

/**
 * The most JavaScript (gzip) a public page may need on a first visit: the 130-170 KB web.dev sets for
 * a page to be interactive in about 5 s on a mid-range phone. React with the router, TanStack Query and
 * tailwind-merge alone are 116 KB (docs/PERFORMANCE.md).
 */
export const FIRST_LOAD_BUDGET_BYTES = 170 * 1024;

/** The pages people arrive on from outside, and the module of each screen (the route table's lazy import). */
export const PUBLIC_ENTRY_ROUTES = PUBLIC_SCREENS;

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** What the build is made from: a change to any of it makes the build stale. */
const BUILD_INPUTS = [
  path.join(WEB_ROOT, 'src'),
  path.join(WEB_ROOT, 'index.html'),
  path.join(WEB_ROOT, 'vite.config.ts'),
  path.resolve(WEB_ROOT, '../../packages/shared/src'),
];

function newestChange(file: string): number {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(file).map((name) => newestChange(path.join(file, name))));
}

/**
 * Builds the web app when its manifest is missing or older than its sources (`npm test` builds first,
 * so there this is a no-op; a lone `vitest run scripts/bundle-budget.test.ts` gets a fresh build).
 */
export function ensureFreshBuild(): void {
  const builtAt = existsSync(MANIFEST_PATH) ? statSync(MANIFEST_PATH).mtimeMs : 0;
  if (builtAt > Math.max(...BUILD_INPUTS.filter(existsSync).map(newestChange))) return;
  execFileSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], {
    cwd: path.resolve(WEB_ROOT, '../..'),
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
}

export async function readManifest(manifestPath = MANIFEST_PATH): Promise<Manifest> {
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build the web app first (npm run build -w apps/web).`);
  }
  return JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
}

/** The chunk files a module needs before it runs: its own and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The app's entry (index.html's script) in the manifest. */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error('The manifest names no entry chunk');
  return key;
}

/** The JavaScript files a first visit to the screen in `routeModule` fetches: the entry's and the screen's. */
export function firstLoadFiles(manifest: Manifest, routeModule: string): string[] {
  if (!manifest[routeModule]?.isDynamicEntry) {
    throw new Error(
      `${routeModule} is not a lazily loaded screen in the build (a route must import it dynamically)`,
    );
  }
  const files = staticClosure(manifest, entryKey(manifest));
  staticClosure(manifest, routeModule, files);
  return [...files].filter((file) => file.endsWith('.js')).sort();
}

/** Bytes of `file` (relative to the build) after gzip at the level the build's twins use. */
export async function gzipSize(file: string, dist = WEB_DIST): Promise<number> {
  const content = await readFile(path.join(dist, file));
  return gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
}

/** Whether a built chunk holds zod: its sourcemap names a zod module, or its code reads zod's `_zod`. */
export async function holdsZod(file: string, dist = WEB_DIST): Promise<boolean> {
  const mapPath = path.join(dist, `${file}.map`);
  const sources: string[] = existsSync(mapPath)
    ? ((JSON.parse(await readFile(mapPath, 'utf8')) as { sources?: string[] }).sources ?? [])
    : [];
  if (sources.some((source) => /node_modules\/zod\/|packages\/shared\/src\/zod\.ts$/.test(source)))
    return true;
  // zod 4 keeps every schema's internals under `_zod`, a property name minifiers leave as it is.
  return /\b_zod\b/.test(await readFile(path.join(dist, file), 'utf8'));
}

export type RouteSize = { route: string; files: string[]; gzipBytes: number };

export async function measureFirstLoad(manifest: Manifest, dist = WEB_DIST): Promise<RouteSize[]> {
  const sizes = new Map<string, number>();
  const sizeOf = async (file: string) => {
    const known = sizes.get(file);
    if (known !== undefined) return known;
    const size = await gzipSize(file, dist);
    sizes.set(file, size);
    return size;
  };
  const result: RouteSize[] = [];
  for (const [route, routeModule] of Object.entries(PUBLIC_ENTRY_ROUTES)) {
    const files = firstLoadFiles(manifest, routeModule);
    let gzipBytes = 0;
    for (const file of files) gzipBytes += await sizeOf(file);
    result.push({ route, files, gzipBytes });
  }
  return result;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
