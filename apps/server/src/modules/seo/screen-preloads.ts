import { readFile, stat } from 'node:fs/promises';

/** One chunk of the web build's `.vite/manifest.json` (Vite's `build.manifest`). */
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
export type WebManifest = Record<string, ManifestChunk>;

const isSegment = (path: string, prefix: string) =>
  path.startsWith(prefix) && path.length > prefix.length && !path.slice(prefix.length).includes('/');

/** The screen module each public page opens with (the web router's lazy import of that route). */
const PUBLIC_SCREENS: Array<[matches: (path: string) => boolean, module: string]> = [
  [(p) => p === '/', 'src/app/routes/home.tsx'],
  [(p) => p === '/marketplace', 'src/app/routes/marketplace.tsx'],
  [(p) => p === '/market', 'src/app/routes/market.tsx'],
  [(p) => isSegment(p, '/listings/'), 'src/app/routes/listing-detail.tsx'],
  [(p) => isSegment(p, '/companies/'), 'src/app/routes/company-detail.tsx'],
  [(p) => isSegment(p, '/blog/'), 'src/app/routes/blog-post.tsx'],
];

/** The files a chunk needs before it runs: its own and its static imports, transitively. */
function closure(manifest: WebManifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * `<link rel="modulepreload">` for the page's own screen code, which the app would otherwise only
 * request once its entry has run: the browser fetches both at once, one round trip instead of two.
 */
export function screenPreloadLinks(manifest: WebManifest, path: string): string[] {
  const screen = PUBLIC_SCREENS.find(([matches]) => matches(path))?.[1];
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!screen || !entry || !manifest[screen]) return [];
  const loadedByEntry = closure(manifest, entry);
  return [...closure(manifest, screen)]
    .filter((file) => file.endsWith('.js') && !loadedByEntry.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`);
}

/** Reads the build's manifest, again only when a new build replaced it; none for a build without one. */
export function webManifestReader(manifestFile: string): () => Promise<WebManifest> {
  let cached: { mtimeMs: number; manifest: WebManifest } | null = null;
  return async () => {
    const info = await stat(manifestFile).catch(() => null);
    if (!info) return {};
    if (cached?.mtimeMs === info.mtimeMs) return cached.manifest;
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as WebManifest;
    cached = { mtimeMs: info.mtimeMs, manifest };
    return manifest;
  };
}
