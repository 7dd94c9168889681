/**
 * The fence holds where nobody looks yet: each forbidden import is planted in a scratch copy of the files
 * it touches, and lint's dependency-cruiser run, with the repository's own configuration, must refuse it
 * by the rule's name. The same copy without the plants passes, so the rules refuse the plant and not the
 * copy. A runtime cycle, planted in a copy of app.ts's register calls, is refused by the module-graph
 * check.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHandIns, readModuleGraph, runtimeCycleProblems } from './module-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

/** The real files the plants touch, copied as they are: the rules match paths, so nothing else is needed. */
const COPIED = [
  'tsconfig.base.json',
  'apps/web/tsconfig.json',
  'apps/server/drizzle.config.ts',
  'apps/server/src/app.ts',
  'apps/server/src/db/client.ts',
  'apps/server/src/db/schema.ts',
  'apps/server/src/modules/accounts/auth.ts',
  'apps/server/src/modules/accounts/accounts.table.ts',
  'apps/server/src/modules/market/index.ts',
  'apps/server/src/modules/market/matching.repository.ts',
  'apps/server/src/modules/market/matching.service.ts',
  'apps/server/src/demo/seed-companies.ts',
  'apps/server/test/factories/deals.ts',
  'bench/matching-benchmark.ts',
  'scripts/module-graph.ts',
];

type Plant = { file: string; line: string; rule: string; to: string };

/** Each forbidden import, the file it is written into (appended, or a new file) and the rule that refuses it. */
const PLANTS: Plant[] = [
  {
    rule: 'composition-root-uses-faces',
    file: 'apps/server/src/app.ts',
    line: "import { findMatchSubject } from './modules/market/matching.repository.ts';",
    to: 'apps/server/src/modules/market/matching.repository.ts',
  },
  {
    rule: 'scripts-and-bench-use-faces',
    file: 'scripts/planted-report.ts',
    line: "import { MIN_QUANTITY_FIT } from '../apps/server/src/modules/market/matching.service.ts';",
    to: 'apps/server/src/modules/market/matching.service.ts',
  },
  {
    rule: 'scripts-and-bench-use-faces',
    file: 'bench/planted-benchmark.ts',
    line: "import { findMatchCandidates } from '../apps/server/src/modules/market/matching.repository.ts';",
    to: 'apps/server/src/modules/market/matching.repository.ts',
  },
  {
    rule: 'web-never-imports-server',
    file: 'apps/web/src/features/deals/planted-types.ts',
    line: "import type { Db } from '../../../../server/src/db/client.ts';",
    to: 'apps/server/src/db/client.ts',
  },
  {
    rule: 'schema-aggregate-for-tooling-only',
    file: 'apps/server/src/modules/accounts/auth.ts',
    line: "import * as schema from '../../db/schema.ts';",
    to: 'apps/server/src/db/schema.ts',
  },
];

/** Lint's dependency-cruiser step in `dir`, with the repository's configuration: exit code and errors. */
function lint(dir: string): { failed: boolean; errors: string[] } {
  const args = [
    DEPCRUISE,
    'apps',
    'scripts',
    'bench',
    '--config',
    path.join(ROOT, '.dependency-cruiser.cjs'),
    '--output-type',
    'err',
  ];
  try {
    execFileSync(process.execPath, args, { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    return { failed: false, errors: [] };
  } catch (err) {
    const output = String((err as { stdout?: string }).stdout ?? '');
    return { failed: true, errors: output.split('\n').filter((l) => l.trim().startsWith('error ')) };
  }
}

function copyTo(dir: string) {
  for (const file of COPIED) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(dir, file));
  }
}

describe('the fence', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'recytrade-fence-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('lets the copied files pass as they are', () => {
    const clean = path.join(scratch, 'clean');
    copyTo(clean);
    expect(lint(clean)).toEqual({ failed: false, errors: [] });
  });

  it('refuses each planted import by the rule that forbids it', () => {
    const planted = path.join(scratch, 'planted');
    copyTo(planted);
    for (const plant of PLANTS) {
      const file = path.join(planted, plant.file);
      mkdirSync(path.dirname(file), { recursive: true });
      const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
      writeFileSync(file, `${text}\n${plant.line}\n`);
    }
    const { failed, errors } = lint(planted);
    expect(failed).toBe(true);
    const found = errors.map((e) => e.trim()).sort();
    const expected = PLANTS.map((p) => `error ${p.rule}: ${p.file} → ${p.to}`).sort();
    expect(found).toEqual(expected);
  });
});

describe('the running graph’s fence', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'recytrade-runtime-fence-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('refuses a cycle planted through a register call of app.ts', async () => {
    const app = path.join(scratch, 'apps/server/src/app.ts');
    copyTo(scratch);
    const imports = await readModuleGraph(['apps/server/src/modules']);
    expect(runtimeCycleProblems(imports, readHandIns(readFileSync(app, 'utf8')))).toEqual([]);

    // The ledger, which billing builds on, handed a reader of billing's subscriptions.
    const registerLedger = 'const ledger = registerLedger(ctx, { access });';
    const source = readFileSync(app, 'utf8');
    expect(source).toContain(registerLedger);
    writeFileSync(
      app,
      source.replace(
        registerLedger,
        'const ledger = registerLedger(ctx, { access, premiumOf: (id: string) => billing.getSubscriptionSummary(id) });',
      ),
    );
    expect(runtimeCycleProblems(imports, readHandIns(readFileSync(app, 'utf8')))).toEqual([
      'new runtime cycle: app.ts hands ledger billing of billing, which builds on ledger',
    ]);
  });
});
