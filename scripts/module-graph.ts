/**
 * The module graph: which server module and which web feature imports which, and the cycles between
 * them. A cycle between two modules means neither can change alone; `npm test` refuses them
 * (scripts/module-graph.test.ts). `node scripts/module-graph.ts` prints the graph and its cycles.
 */
import { cruise, type ICruiseResult } from 'dependency-cruiser';

/** The unit a path belongs to: a server module, a web feature, or null for everything else. */
export function unitOf(path: string): string | null {
  const server = /^apps\/server\/src\/modules\/([^/]+)\//.exec(path);
  if (server) return `server:${server[1]}`;
  const web = /^apps\/web\/src\/features\/([^/]+)\//.exec(path);
  if (web) return `web:${web[1]}`;
  return null;
}

export type ModuleGraph = Map<string, Set<string>>;

const isTable = (path: string) => path.endsWith('.table.ts');

/**
 * Unit-to-unit edges of the production code (tests may set up any module's data). A table naming
 * another module's table for a foreign key is the one database's schema, not a use of that module, so
 * it is no edge (most tables reference accounts' users).
 */
export async function readModuleGraph(): Promise<ModuleGraph> {
  const result = await cruise(['apps/server/src', 'apps/web/src'], {
    validate: false,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/|\\.test\\.tsx?$' },
    tsPreCompilationDeps: false,
    parser: 'swc',
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
  });
  const output = result.output as ICruiseResult;
  const graph: ModuleGraph = new Map();
  for (const module of output.modules) {
    const from = unitOf(module.source);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const dependency of module.dependencies) {
      const to = unitOf(dependency.resolved);
      if (isTable(module.source) && isTable(dependency.resolved)) continue;
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one unit (Tarjan), each sorted, in a stable order. */
export function findCycles(graph: ModuleGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, counter);
    low.set(unit, counter);
    counter++;
    stack.push(unit);
    onStack.add(unit);
    for (const next of graph.get(unit) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(unit, Math.min(low.get(unit) as number, index.get(next) as number));
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== unit);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const unit of [...graph.keys()].sort()) if (!index.has(unit)) visit(unit);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

if (import.meta.main) {
  const graph = await readModuleGraph();
  for (const [unit, edges] of [...graph].sort()) console.log(`${unit} → ${[...edges].sort().join(', ')}`);
  const cycles = findCycles(graph);
  console.log(
    cycles.length === 0 ? '\nNo cycles.' : `\nCycles:\n${cycles.map((c) => `  ${c.join(' ⇄ ')}`).join('\n')}`,
  );
  process.exitCode = cycles.length === 0 ? 0 : 1;
}
