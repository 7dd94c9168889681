/**
 * The module graph: which server module and which web feature imports which, and the cycles between
 * them. A cycle between two modules means neither can change alone; `npm test` refuses them
 * (scripts/module-graph.test.ts). The running graph adds what app.ts hands each server module at its
 * register: a cycle there is as real as an imported one, so only the cycles known today
 * (KNOWN_RUNTIME_CYCLES) are let through, until they are untied.
 *
 * `node scripts/module-graph.ts` prints both graphs and their cycles; with `--write-architecture` it
 * writes the layer diagram into docs/ARCHITECTURE.md, between the module-graph markers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseSync } from '@swc/core';
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
export async function readModuleGraph(roots = ['apps/server/src', 'apps/web/src']): Promise<ModuleGraph> {
  const result = await cruise(roots, {
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

/** The composition root, whose register calls make the running graph's extra edges. */
export const APP_FILE = 'apps/server/src/app.ts';

type AstNode = { type?: string; [key: string]: unknown };

/** Keys under which an identifier names no value of app.ts: an object key, a property, a type. */
const NOT_A_REFERENCE = new Set(['key', 'typeAnnotation', 'typeArguments', 'typeParameters', 'returnType']);

function walk(node: AstNode, visit: (node: AstNode) => void) {
  visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (NOT_A_REFERENCE.has(key) || (key === 'property' && node.type === 'MemberExpression')) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item && typeof item === 'object') walk(item as AstNode, visit);
    }
  }
}

/** The names a declaration binds: `a`, `{ a, b: c }`, `[a, ...b]`. */
function boundNames(pattern: AstNode): string[] {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.value as string];
    case 'ObjectPattern':
      return (pattern.properties as AstNode[]).flatMap((p) =>
        p.type === 'AssignmentPatternProperty'
          ? [(p.key as AstNode).value as string]
          : boundNames((p.type === 'RestElement' ? p.argument : p.value) as AstNode),
      );
    case 'ArrayPattern':
      return (pattern.elements as (AstNode | null)[]).flatMap((e) => (e ? boundNames(e) : []));
    case 'RestElement':
      return boundNames(pattern.argument as AstNode);
    case 'AssignmentPattern':
      return boundNames(pattern.left as AstNode);
    default:
      return [];
  }
}

function unwrap(node: AstNode): AstNode {
  if (node.type === 'AwaitExpression') return unwrap(node.argument as AstNode);
  if (node.type === 'ParenthesisExpression' || node.type === 'TsAsExpression') {
    return unwrap(node.expression as AstNode);
  }
  return node;
}

/** What app.ts hands each module, by module used: `server:listings` → `server:deals` → its names. */
export type HandIns = Map<string, Map<string, Set<string>>>;

/**
 * The module edges app.ts makes at run time: a module uses every module whose value it is handed in
 * its register call (`registerX(ctx, { a, b: c.d, e: (x) => market.y(x) })`) or in a call on what its
 * register returned (`trust.registerReportTarget('review', reviewsModule...)`). A value belongs to the
 * module whose face exported it or whose register returned it; a value app.ts builds from others
 * (`blocks = createBlockRelations(...)`, a closure) to the modules it names. Events (`ctx.events.on`
 * in a register) go the allowed way and make no edge.
 */
export function readHandIns(appSource: string): HandIns {
  const program = parseSync(appSource, { syntax: 'typescript' }) as unknown as AstNode & { body: AstNode[] };
  const fromFace = new Map<string, string>();
  for (const statement of program.body) {
    const face =
      statement.type === 'ImportDeclaration' &&
      /\/modules\/([^/]+)\//.exec((statement.source as AstNode).value as string);
    if (!face) continue;
    for (const specifier of statement.specifiers as AstNode[]) {
      fromFace.set((specifier.local as AstNode).value as string, `server:${face[1]}`);
    }
  }
  const registerOf = (call: AstNode): string | null => {
    const callee = call.callee as AstNode;
    if (call.type !== 'CallExpression' || callee.type !== 'Identifier') return null;
    const name = callee.value as string;
    return name.startsWith('register') ? (fromFace.get(name) ?? null) : null;
  };

  // A register's result belongs to its module; any other variable to the modules its value names.
  const returnedBy = new Map<string, string>();
  const builtFrom = new Map<string, AstNode>();
  walk(program, (node) => {
    if (node.type !== 'VariableDeclarator' || !node.init) return;
    const init = unwrap(node.init as AstNode);
    const module = registerOf(init);
    for (const name of boundNames(node.id as AstNode)) {
      if (module) returnedBy.set(name, module);
      else builtFrom.set(name, init);
    }
  });
  const modulesOf = (name: string, seen: Set<string>): Set<string> => {
    const module = returnedBy.get(name) ?? fromFace.get(name);
    if (module) return new Set([module]);
    const init = builtFrom.get(name);
    if (!init || seen.has(name)) return new Set();
    return new Set([...namedIn(init, new Set([...seen, name])).keys()]);
  };
  /** The modules a piece of app.ts names, each with the names that reach it. */
  const namedIn = (node: AstNode, seen: Set<string>): Map<string, Set<string>> => {
    const found = new Map<string, Set<string>>();
    walk(node, (n) => {
      if (n.type !== 'Identifier') return;
      for (const module of modulesOf(n.value as string, seen)) {
        found.set(module, (found.get(module) ?? new Set()).add(n.value as string));
      }
    });
    return found;
  };

  const handIns: HandIns = new Map();
  const handIn = (user: string, args: AstNode[]) => {
    const used = handIns.get(user) ?? new Map<string, Set<string>>();
    handIns.set(user, used);
    for (const arg of args) {
      for (const [module, names] of namedIn(arg, new Set())) {
        if (module !== user) used.set(module, new Set([...(used.get(module) ?? []), ...names]));
      }
    }
  };
  walk(program, (node) => {
    if (node.type !== 'CallExpression') return;
    const args = node.arguments as AstNode[];
    const module = registerOf(node);
    if (module) return handIn(module, args);
    const receiver =
      (node.callee as AstNode).type === 'MemberExpression' && ((node.callee as AstNode).object as AstNode);
    const receiverModule =
      receiver && receiver.type === 'Identifier' && returnedBy.get(receiver.value as string);
    if (receiverModule && args.length > 0) handIn(receiverModule, args);
  });
  return handIns;
}

/**
 * The running graph of the server modules: their imports plus what app.ts hands each one. The import
 * graph can be free of cycles while this one is not, when app.ts hands a module a value of one that
 * builds on it.
 */
export function readRuntimeGraph(imports: ModuleGraph, handIns: HandIns): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const [unit, edges] of imports) if (unit.startsWith('server:')) graph.set(unit, new Set(edges));
  for (const [user, used] of handIns) {
    graph.set(user, new Set([...(graph.get(user) ?? []), ...used.keys()]));
  }
  return graph;
}

/**
 * The hand-ins of app.ts that close a cycle of the running graph today, as `user → used` (server
 * modules). Every runtime cycle goes through one of them (imports alone have none); untying one
 * removes it here, and the module-graph test refuses any other hand-in that closes a cycle, and a
 * listed one that no longer does, so this list only shrinks and stays true.
 */
export const KNOWN_RUNTIME_CYCLES = [
  'accounts → billing',
  'admin → trust',
  'deals → market',
  'listings → deals',
  'listings → market',
  'listings → reviews',
  'messaging → deals',
  'notifications → accounts',
  'realtime → accounts',
  'trust → admin',
];

const short = (unit: string) => unit.replace(/^server:/, '');

/** Whether `to` reaches `from` in `graph`, so an edge from → to lies on a cycle. */
function reaches(graph: ModuleGraph, from: string, to: string): boolean {
  const seen = new Set([from]);
  const pending = [from];
  while (pending.length > 0) {
    const unit = pending.pop() as string;
    if (unit === to) return true;
    for (const next of graph.get(unit) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      pending.push(next);
    }
  }
  return false;
}

/**
 * The hand-ins that close a cycle of the running graph, as `user → used`, sorted: those app.ts hides
 * (the user does not import the module it is handed) and whose module reaches the user back. A hand-in
 * the user also imports is a dependency the import graph shows, which has no cycle.
 */
export function handInsOnCycles(imports: ModuleGraph, handIns: HandIns): string[] {
  const runtime = readRuntimeGraph(imports, handIns);
  const found: string[] = [];
  for (const [user, used] of handIns) {
    for (const module of used.keys()) {
      if (imports.get(user)?.has(module)) continue;
      if (reaches(runtime, module, user)) found.push(`${short(user)} → ${short(module)}`);
    }
  }
  return found.sort();
}

/** What is wrong with the running graph's cycles, against the known ones: empty when nothing is. */
export function runtimeCycleProblems(
  imports: ModuleGraph,
  handIns: HandIns,
  known: readonly string[] = KNOWN_RUNTIME_CYCLES,
): string[] {
  const closing = handInsOnCycles(imports, handIns);
  const problems = closing
    .filter((edge) => !known.includes(edge))
    .map((edge) => {
      const [user, used] = edge.split(' → ');
      const names = [...(handIns.get(`server:${user}`)?.get(`server:${used}`) ?? [])].join(', ');
      return `new runtime cycle: app.ts hands ${user} ${names} of ${used}, which builds on ${user}`;
    });
  for (const edge of known) {
    if (!closing.includes(edge)) {
      problems.push(`${edge} closes no cycle any more: remove it from KNOWN_RUNTIME_CYCLES`);
    }
  }
  return problems;
}

/**
 * Layers from the bottom: a module's layer is one above the highest module it uses, in the running
 * graph without the known cycles' hand-ins (which then has no cycle). Layer 0 uses no module.
 */
export function layersOf(runtime: ModuleGraph, known: readonly string[] = KNOWN_RUNTIME_CYCLES): string[][] {
  const layer = new Map<string, number>();
  const layerOf = (unit: string, path: Set<string>): number => {
    const done = layer.get(unit);
    if (done !== undefined) return done;
    if (path.has(unit)) throw new Error(`the running graph has a cycle through ${unit}`);
    let highest = -1;
    for (const used of runtime.get(unit) ?? []) {
      if (known.includes(`${short(unit)} → ${short(used)}`)) continue;
      highest = Math.max(highest, layerOf(used, new Set([...path, unit])));
    }
    layer.set(unit, highest + 1);
    return highest + 1;
  };
  for (const unit of runtime.keys()) layerOf(unit, new Set());
  const layers: string[][] = [];
  for (const [unit, index] of layer) layers[index] = [...(layers[index] ?? []), unit];
  return layers.map((group) => group.map(short).sort());
}

/** The Mermaid diagram of the layers, with the known cycles' hand-ins as dotted arrows. */
export function architectureDiagram(runtime: ModuleGraph, known: readonly string[] = KNOWN_RUNTIME_CYCLES) {
  const layers = layersOf(runtime, known);
  const node = (module: string) => `m_${module.replace(/-/g, '_')}`;
  const lines = ['```mermaid', 'flowchart BT'];
  layers.forEach((modules, index) => {
    lines.push(`  subgraph layer${index}["layer ${index}"]`);
    lines.push('    direction LR');
    for (const module of modules) lines.push(`    ${node(module)}["${module}"]`);
    lines.push('  end');
  });
  for (let index = 1; index < layers.length; index++) lines.push(`  layer${index - 1} ~~~ layer${index}`);
  for (const edge of known) {
    const [user, used] = edge.split(' → ');
    lines.push(`  ${node(user)} -.-> ${node(used)}`);
  }
  lines.push('```');
  return lines.join('\n');
}

export const ARCHITECTURE_FILE = 'docs/ARCHITECTURE.md';
const START = '<!-- module-graph:start -->';
const END = '<!-- module-graph:end -->';

/** The diagram between the module-graph markers of a document, or null without them. */
export function diagramIn(document: string): string | null {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start < 0 || end < start) return null;
  return document.slice(start + START.length, end).trim();
}

/** The document with `diagram` between its module-graph markers. */
export function withDiagram(document: string, diagram: string): string {
  const start = document.indexOf(START);
  const end = document.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${ARCHITECTURE_FILE} has no ${START} … ${END} markers`);
  return `${document.slice(0, start + START.length)}\n${diagram}\n${document.slice(end)}`;
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
  const print = (graph: ModuleGraph) => {
    for (const [unit, edges] of [...graph].sort()) console.log(`${unit} → ${[...edges].sort().join(', ')}`);
  };
  const imports = await readModuleGraph();
  const handIns = readHandIns(readFileSync(APP_FILE, 'utf8'));
  const runtime = readRuntimeGraph(imports, handIns);
  if (process.argv.includes('--write-architecture')) {
    const document = readFileSync(ARCHITECTURE_FILE, 'utf8');
    writeFileSync(ARCHITECTURE_FILE, withDiagram(document, architectureDiagram(runtime)));
    console.log(`Wrote the module layers into ${ARCHITECTURE_FILE}.`);
  } else {
    console.log('Imports:');
    print(imports);
    const cycles = findCycles(imports);
    console.log(
      cycles.length === 0
        ? '\nNo cycles.'
        : `\nCycles:\n${cycles.map((c) => `  ${c.join(' ⇄ ')}`).join('\n')}`,
    );
    console.log('\nHanded in by app.ts to a module that does not import it:');
    for (const [user, used] of [...handIns].sort()) {
      for (const [module, names] of [...used].sort()) {
        if (!imports.get(user)?.has(module)) console.log(`${user} ⇢ ${module} (${[...names].join(', ')})`);
      }
    }
    console.log('\nRunning graph (imports and hand-ins):');
    print(runtime);
    const closing = handInsOnCycles(imports, handIns);
    console.log(
      `\nHand-ins that close a runtime cycle:\n${closing.map((c) => `  ${c}`).join('\n') || '  none'}`,
    );
    const problems = runtimeCycleProblems(imports, handIns);
    if (problems.length > 0) console.log(`\n${problems.join('\n')}`);
    process.exitCode = cycles.length === 0 && problems.length === 0 ? 0 : 1;
  }
}
