/**
 * The public pages as a phone on a slow network sees them: the JavaScript each first visit transfers
 * (measured in Chromium), and Lighthouse's mobile preset (simulated throttling) three times per page,
 * median scores and metrics. Writes the figures into docs/PERFORMANCE.md between its markers.
 *
 * Usage: npm run bench:lighthouse [-- --runs 3] [-- --url http://localhost:3000]
 *   Without --url it builds the web app if needed and starts the server as its own process on a fresh
 *   embedded database with the demo data. CHROMIUM_PATH names the browser (default /usr/bin/chromium).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const PERFORMANCE_DOC = path.join(ROOT, 'docs/PERFORMANCE.md');
const MARK_START = '<!-- lighthouse-benchmark:start -->';
const MARK_END = '<!-- lighthouse-benchmark:end -->';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
};
const RUNS = Number(option('runs') ?? 3);

type PageUnderTest = { label: string; path: string };
type JavaScriptTransfer = { beforePaint: number; untilIdle: number; files: number };
type LighthouseRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
};

async function startServer(): Promise<{ origin: string; stop(): Promise<void> }> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    execFileSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'recytrade-lighthouse-'));
  const port = 3470 + Math.floor(Math.random() * 20);
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://localhost:${port}`;
  const deadline = Date.now() + 180_000;
  while (
    !(await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('The server did not answer its health check within 180 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    origin,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function pagesOf(origin: string): Promise<PageUnderTest[]> {
  const search = (await fetch(`${origin}/api/listings?limit=1`).then((r) => r.json())) as {
    items: { id: string }[];
  };
  const listing = search.items[0];
  if (!listing) throw new Error('The marketplace has no listing to open');
  return [
    { label: '/', path: '/' },
    { label: '/marketplace', path: '/marketplace' },
    { label: '/listings/:id', path: `/listings/${listing.id}` },
    { label: '/market', path: '/market' },
  ];
}

/**
 * Scripts a first visit fetches, by their bytes on the wire: those requested before the largest
 * contentful paint (what the page needed to show itself) and all of them until the network is idle
 * (with the likely next screens fetched ahead while the browser is idle).
 */
async function measureJavaScript(origin: string, page: PageUnderTest): Promise<JavaScriptTransfer> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const tab = await context.newPage();
    await tab.goto(`${origin}${page.path}`, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(6_000); // the idle prefetch waits at most 5 s for an idle moment
    // Runs in the page (the DOM's types are not this script's, so the shapes are spelled out).
    return await tab.evaluate(() => {
      type Timing = { name: string; initiatorType: string; startTime: number; transferSize: number };
      const page = globalThis as unknown as {
        performance: { getEntriesByType(type: string): Timing[] };
        PerformanceObserver: new (
          callback: (list: { getEntries(): { startTime: number }[] }) => void,
        ) => { observe(options: { type: string; buffered: boolean }): void };
      };
      return new Promise<JavaScriptTransfer>((resolve) => {
        new page.PerformanceObserver((list) => {
          const entries = list.getEntries();
          const lcp = entries[entries.length - 1]?.startTime ?? Number.POSITIVE_INFINITY;
          const scripts = page.performance
            .getEntriesByType('resource')
            .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
          const beforePaint = scripts.filter((r) => r.startTime <= lcp);
          const sum = (timings: Timing[]) => timings.reduce((n, r) => n + r.transferSize, 0);
          resolve({ beforePaint: sum(beforePaint), untilIdle: sum(scripts), files: beforePaint.length });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
    });
  } finally {
    await browser.close();
  }
}

async function runLighthouse(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbtMs: value('total-blocking-time'),
      fcpMs: value('first-contentful-paint'),
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function machine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = os.loadavg().map((l) => l.toFixed(1));
  return `${os.cpus().length} × ${cpu}, load average ${load.join(' / ')} at the end of the run`;
}

function writeIntoPerformanceDoc(table: string): void {
  const doc = readFileSync(PERFORMANCE_DOC, 'utf8');
  const start = doc.indexOf(MARK_START);
  const end = doc.indexOf(MARK_END);
  if (start === -1 || end === -1) throw new Error(`docs/PERFORMANCE.md lacks the ${MARK_START} markers`);
  writeFileSync(PERFORMANCE_DOC, `${doc.slice(0, start + MARK_START.length)}\n${table}\n${doc.slice(end)}`);
  // The repository's formatter aligns the table, so the written file passes `npm run lint`.
  execFileSync(path.join(ROOT, 'node_modules/.bin/biome'), ['format', '--write', PERFORMANCE_DOC], {
    stdio: 'ignore',
  });
}

async function main() {
  const given = option('url');
  const server = given ? { origin: given, stop: async () => undefined } : await startServer();
  try {
    const pages = await pagesOf(server.origin);
    const rows: string[] = [];
    for (const page of pages) {
      const transfer = await measureJavaScript(server.origin, page);
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(`${server.origin}${page.path}`));
      const m = (key: keyof LighthouseRun) => median(runs.map((r) => r[key]));
      const row = [
        `\`${page.label}\``,
        kb(transfer.beforePaint),
        kb(transfer.untilIdle),
        String(m('performance')),
        String(m('accessibility')),
        String(m('bestPractices')),
        String(m('seo')),
        seconds(m('fcpMs')),
        seconds(m('lcpMs')),
        `${Math.round(m('tbtMs'))} ms`,
        m('cls').toFixed(3),
      ];
      rows.push(`| ${row.join(' | ')} |`);
      console.log(row.join('  '));
    }
    const table = [
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:lighthouse\` (${RUNS} Lighthouse runs per`,
      `page, medians; Lighthouse's mobile preset with simulated throttling; ${machine()}).`,
      '',
      '| Page | JS before LCP | JS until idle | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS |',
      '| ---- | ------------: | ------------: | ----------: | ------------: | -------------: | --: | --: | --: | --: | --: |',
      ...rows,
    ].join('\n');
    writeIntoPerformanceDoc(table);
    console.log('\nWritten into docs/PERFORMANCE.md');
  } finally {
    await server.stop();
  }
}

await main();
