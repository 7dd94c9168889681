import { beforeAll, describe, expect, it } from 'vitest';
import {
  ensureFreshBuild,
  FIRST_LOAD_BUDGET_BYTES,
  firstLoadFiles,
  holdsZod,
  kb,
  type Manifest,
  measureFirstLoad,
  PUBLIC_ENTRY_ROUTES,
  type RouteSize,
  readManifest,
  staticClosure,
} from './bundle-budget.ts';

/** Code a public page must not fetch on a first visit: it loads where it is used. */
const LOADED_WHERE_USED = [
  'src/app/routes/admin/index.tsx',
  'src/app/routes/admin/blog-editor.tsx',
  'src/app/routes/api-docs.tsx',
  'src/app/routes/api-sdk.tsx',
  'src/features/market/prices/components/index-series-drawing.tsx',
  'src/features/market/impact/components/impact-bars-drawing.tsx',
  'src/features/deals/components/fund-escrow-dialog.tsx',
  'src/features/deals/components/payout-statement-dialog.tsx',
  'src/features/deals/components/propose-deal-dialog.tsx',
  'src/features/deals/claims/claim-panel.tsx',
  'src/features/listings/components/listing-form-dialog.tsx',
  'src/features/auth/components/auth-dialog.tsx',
];

describe('the first visit to a public page', () => {
  let manifest: Manifest;
  let sizes: RouteSize[];

  beforeAll(async () => {
    ensureFreshBuild();
    manifest = await readManifest();
    sizes = await measureFirstLoad(manifest);
    console.log(
      `First-load JavaScript (gzip), budget ${kb(FIRST_LOAD_BUDGET_BYTES)}:\n${sizes
        .map((s) => `  ${s.route.padEnd(14)} ${kb(s.gzipBytes).padStart(9)}  (${s.files.length} files)`)
        .join('\n')}`,
    );
  }, 300_000);

  it('stays within the JavaScript budget on every public entry page', () => {
    expect(sizes.map((s) => s.route)).toEqual(Object.keys(PUBLIC_ENTRY_ROUTES));
    for (const { route, gzipBytes } of sizes) {
      expect({ route, kb: kb(gzipBytes), within: gzipBytes <= FIRST_LOAD_BUDGET_BYTES }).toEqual({
        route,
        kb: kb(gzipBytes),
        within: true,
      });
    }
  });

  it('fetches no other screen, chart, editor or dialog with the page', () => {
    const entryFiles = staticClosure(manifest, 'index.html');
    for (const [route, module] of Object.entries(PUBLIC_ENTRY_ROUTES)) {
      const loaded = new Set(firstLoadFiles(manifest, module));
      const otherScreens = Object.values(manifest)
        .filter((c) => c.isDynamicEntry && c.src !== module && c.src?.startsWith('src/app/routes/'))
        .map((c) => c.file);
      expect({ route, screens: otherScreens.filter((f) => loaded.has(f)) }).toEqual({ route, screens: [] });
      for (const lazyModule of LOADED_WHERE_USED) {
        // The module's chunk and whatever only it needs (recharts for a drawing) stay out of the page.
        const own = [...staticClosure(manifest, lazyModule)].filter(
          (f) => f.endsWith('.js') && !entryFiles.has(f) && !staticClosure(manifest, module).has(f),
        );
        expect({ route, lazyModule, loaded: own.filter((f) => loaded.has(f)) }).toEqual({
          route,
          lazyModule,
          loaded: [],
        });
      }
    }
  });

  it('loads no zod on a first visit: the browser types the API answers, forms validate later', async () => {
    // The check finds zod where it is, in the chunks of the forms, so an empty answer below means something.
    const built = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((f) => f.endsWith('.js'));
    const withZod = (await Promise.all(built.map(async (f) => ((await holdsZod(f)) ? f : null)))).filter(
      Boolean,
    );
    expect(withZod.length).toBeGreaterThan(0);
    for (const { route, files } of sizes) {
      const loaded = files.filter((f) => withZod.includes(f));
      expect({ route, chunksWithZod: loaded }).toEqual({ route, chunksWithZod: [] });
    }
  });

  it('keeps recharts out of /market until its chart is drawn', () => {
    const drawing = 'src/features/market/prices/components/index-series-drawing.tsx';
    const market = new Set(firstLoadFiles(manifest, PUBLIC_ENTRY_ROUTES['/market']));
    const drawingOnly = [...staticClosure(manifest, drawing)].filter((f) => !market.has(f));
    // The drawing's own chunks (recharts among them) are most of what the chart costs.
    expect(drawingOnly.length).toBeGreaterThan(0);
    expect(manifest[drawing]?.isDynamicEntry).toBe(true);
  });
});
