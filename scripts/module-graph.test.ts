import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APP_FILE,
  ARCHITECTURE_FILE,
  architectureDiagram,
  diagramIn,
  findCycles,
  type HandIns,
  KNOWN_RUNTIME_CYCLES,
  layersOf,
  type ModuleGraph,
  readHandIns,
  readModuleGraph,
  readRuntimeGraph,
  runtimeCycleProblems,
} from './module-graph.ts';

const graphOf = (edges: Record<string, string[]>): ModuleGraph =>
  new Map(Object.entries(edges).map(([unit, used]) => [unit, new Set(used)]));
const edgesOf = (handIns: HandIns) =>
  Object.fromEntries(
    [...handIns].map(([user, used]) => [
      user,
      Object.fromEntries([...used].map(([m, names]) => [m, [...names]])),
    ]),
  );

describe('the module graph', () => {
  let imports: ModuleGraph;
  let handIns: HandIns;
  beforeAll(async () => {
    imports = await readModuleGraph();
    handIns = readHandIns(readFileSync(APP_FILE, 'utf8'));
  });

  it('has no cycle between server modules or between web features', () => {
    expect(imports.size).toBeGreaterThan(20);
    expect(findCycles(imports)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['server:a', new Set(['server:b'])],
      ['server:b', new Set(['server:c'])],
      ['server:c', new Set(['server:a'])],
      ['server:d', new Set(['server:a'])],
    ]);
    expect(findCycles(graph)).toEqual([['server:a', 'server:b', 'server:c']]);
  });

  it('has no runtime cycle but the known ones, and each known one is still there', () => {
    expect(handIns.size).toBeGreaterThan(20);
    expect(runtimeCycleProblems(imports, handIns)).toEqual([]);
  });

  it('shows the layers generated from the graph in docs/ARCHITECTURE.md', () => {
    const generated = architectureDiagram(readRuntimeGraph(imports, handIns));
    const written = diagramIn(readFileSync(ARCHITECTURE_FILE, 'utf8'));
    expect(
      written,
      `${ARCHITECTURE_FILE}'s module layers differ from the code: run \`node scripts/module-graph.ts --write-architecture\``,
    ).toBe(generated);
  });
});

describe('the running graph', () => {
  const APP = `
    import { registerA, helperOfA } from './modules/a/index.ts';
    import { registerB } from './modules/b/index.ts';
    import { registerC, createRelations, type CType } from './modules/c/index.ts';
    import { registerPlugin } from './plugins/plugin.ts';
    export async function buildApp(deps: { mailer: unknown }) {
      const ctx = createContext(deps);
      const relations = createRelations({ db: ctx.db });
      const a = registerA(ctx, { mailer: deps.mailer });
      const { b, bReader } = await registerB(ctx, {
        a,
        read: (id: CType) => helperOfA(ctx.db, id),
        later: (x) => c.service.read(x),
        hidden: relations.hasBlocked,
      });
      const c = registerC(ctx, { key: 'b' });
      ctx.events.on('b.changed', () => c.refresh());
      c.registerTarget('b', bReader);
      registerPlugin(ctx.app, { a, b });
    }`;

  it("reads the modules whose values a module's register is handed, closures and forward references included", () => {
    expect(edgesOf(readHandIns(APP))).toEqual({
      'server:a': {},
      'server:b': { 'server:a': ['a', 'helperOfA'], 'server:c': ['c', 'relations'] },
      'server:c': { 'server:b': ['bReader'] },
    });
  });

  it('reports a hand-in that closes a new cycle, and a known one that closes none any more', () => {
    const imports = graphOf({ 'server:a': [], 'server:b': ['server:a'], 'server:c': [] });
    const handIns = readHandIns(APP);
    expect(runtimeCycleProblems(imports, handIns, ['b → c', 'a → b'])).toEqual([
      'new runtime cycle: app.ts hands c bReader of b, which builds on c',
      'a → b closes no cycle any more: remove it from KNOWN_RUNTIME_CYCLES',
    ]);
    expect(runtimeCycleProblems(imports, handIns, ['b → c', 'c → b'])).toEqual([]);
  });

  it('puts a module one layer above the highest it uses, leaving out the known cycles', () => {
    const graph = graphOf({
      'server:a': [],
      'server:b': ['server:a', 'server:c'],
      'server:c': ['server:a', 'server:b'],
      'server:d': ['server:c'],
    });
    expect(layersOf(graph, ['b → c'])).toEqual([['a'], ['b'], ['c'], ['d']]);
    expect(() => layersOf(graph, [])).toThrow(/cycle/);
  });

  it('keeps today’s list of known runtime cycles sorted, one hand-in per entry', () => {
    expect(KNOWN_RUNTIME_CYCLES).toEqual([...new Set(KNOWN_RUNTIME_CYCLES)].sort());
  });
});
