import path from 'node:path';

/**
 * The pages people arrive on from outside (search, links, the home screen), by route, and the module
 * of each screen (the route table's lazy import). Their first load is budgeted
 * (scripts/bundle-budget.test.ts) and their code is grouped into few chunks (below).
 */
export const PUBLIC_SCREENS = {
  '/': 'src/app/routes/home.tsx',
  '/marketplace': 'src/app/routes/marketplace.tsx',
  '/listings/:id': 'src/app/routes/listing-detail.tsx',
  '/market': 'src/app/routes/market.tsx',
} as const;

/** What rolldown tells a chunk-naming function about a module (its `ModuleInfo`, the part used here). */
export type ModuleFacts = { code: string | null; importedIds: readonly string[] };
export type ModuleFactsOf = (id: string) => ModuleFacts | null;

/** Names one module takes from another: some, or all of it (a namespace, a side effect, CommonJS). */
type Wanted = ReadonlySet<string> | 'all';

type ImportClause = { spec: string; names: Wanted; locals: Map<string, string> };
type ReExport = { spec: string; pairs: Array<{ exported: string; imported: string }> };
export type ParsedModule = {
  imports: ImportClause[];
  reExports: ReExport[];
  /** `export { local as exported }` without `from`: exported name → local binding. */
  localExports: Map<string, string>;
  /** The module only passes on what other modules define (a package's index, like lucide-react's). */
  onlyReExports: boolean;
};

const STATEMENT = String.raw`(?:^|[\n;])[ \t]*`;
const IMPORT_FROM = new RegExp(
  `${STATEMENT}import\\s*(?![(.])([\\w$\\s{},*]*?)\\s*from\\s*(["'])([^"'\\n]+)\\2`,
  'g',
);
const IMPORT_BARE = new RegExp(`${STATEMENT}import\\s*(["'])([^"'\\n]+)\\1`, 'g');
const EXPORT_FROM = new RegExp(
  `${STATEMENT}export\\s*(\\*(?:\\s*as\\s+[\\w$]+)?|\\{[^}]*\\})\\s*from\\s*(["'])([^"'\\n]+)\\2`,
  'g',
);
const EXPORT_LIST = new RegExp(`${STATEMENT}export\\s*\\{([^}]*)\\}(?!\\s*from)`, 'g');

/** `a, b as c, default as D` → [[a, a], [b, c], [default, D]] */
function specifiers(list: string): Array<[string, string]> {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [first, second] = s.split(/\s+as\s+/);
      return [first.trim(), (second ?? first).trim()];
    });
}

/**
 * The import and export statements of a module's code as rolldown holds it (ES syntax, types gone),
 * read with regular expressions: enough for the app's modules and its packages' indexes.
 */
export function parseModule(code: string): ParsedModule {
  const source = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const imports: ImportClause[] = [];
  for (const m of source.matchAll(IMPORT_FROM)) {
    const clause = m[1].trim();
    const locals = new Map<string, string>();
    const braces = clause.match(/\{([^}]*)\}/)?.[1];
    for (const [imported, local] of specifiers(braces ?? '')) locals.set(local, imported);
    const outside = clause.replace(/\{[^}]*\}/, '');
    const namespace = outside.match(/\*\s*as\s+([\w$]+)/)?.[1];
    if (namespace) locals.set(namespace, '*');
    const defaultLocal = outside
      .replace(/\*\s*as\s+[\w$]+/, '')
      .replace(/,/g, ' ')
      .trim();
    if (defaultLocal) locals.set(defaultLocal, 'default');
    const names = namespace ? 'all' : new Set(locals.values());
    imports.push({ spec: m[3], names, locals });
  }
  for (const m of source.matchAll(IMPORT_BARE)) imports.push({ spec: m[2], names: 'all', locals: new Map() });

  const reExports: ReExport[] = [];
  for (const m of source.matchAll(EXPORT_FROM)) {
    const clause = m[1].trim();
    const pairs = clause.startsWith('*')
      ? [{ exported: clause.match(/as\s+([\w$]+)/)?.[1] ?? '*', imported: '*' }]
      : specifiers(clause.slice(1, -1)).map(([imported, exported]) => ({ exported, imported }));
    reExports.push({ spec: m[3], pairs });
  }
  const localExports = new Map<string, string>();
  for (const m of source.matchAll(EXPORT_LIST))
    for (const [local, exported] of specifiers(m[1])) localExports.set(exported, local);

  const importedLocals = new Set(imports.flatMap((i) => [...i.locals.keys()]));
  const rest = [IMPORT_FROM, IMPORT_BARE, EXPORT_FROM, EXPORT_LIST]
    .reduce((text, statement) => text.replace(statement, ''), source)
    .replace(/["']use strict["']/g, '');
  const onlyReExports =
    /^[\s;]*$/.test(rest) && [...localExports.values()].every((local) => importedLocals.has(local));
  return { imports, reExports, localExports, onlyReExports };
}

/**
 * The id `spec` (as written in `importer`) resolved to, among the importer's resolved imports; undefined
 * when none fits (a workspace package, a plugin's virtual module), which the caller treats as unread.
 */
export function resolveAmong(
  importer: string,
  spec: string,
  importedIds: readonly string[],
): string | undefined {
  const fileOf = (id: string) => id.split('?')[0];
  const ids = importedIds.filter((id) => !id.startsWith('\0'));
  if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('@/')) {
    const target = spec.startsWith('@/')
      ? path.join(importer.slice(0, importer.lastIndexOf('/src/') + '/src/'.length), spec.slice(2))
      : path.resolve(path.dirname(importer), spec);
    return ids.find((id) => {
      const file = fileOf(id);
      return file === target || file.startsWith(`${target}.`) || file.startsWith(`${target}/index.`);
    });
  }
  const segments = spec.split('/');
  const scoped = spec.startsWith('@');
  const packageDir = `/node_modules/${segments.slice(0, scoped ? 2 : 1).join('/')}/`;
  const subpath = segments.slice(scoped ? 2 : 1).join('/');
  const inPackage = ids.filter((id) => fileOf(id).includes(packageDir));
  if (inPackage.length <= 1) return inPackage[0];
  const withinPackage = (id: string) => fileOf(id).slice(fileOf(id).lastIndexOf(packageDir));
  // `react` and `react/jsx-runtime` are both in node_modules/react: the subpath tells them apart.
  return subpath
    ? inPackage.find((id) => withinPackage(id).includes(subpath))
    : inPackage.find((id) => !/jsx-(dev-)?runtime/.test(withinPackage(id)));
}

/**
 * The screens (of `screens`, by name) that need each module before they run: a screen's static imports,
 * transitively. An index that only re-exports (lucide-react, radix-ui, TanStack Query) is followed
 * only to the modules defining the names taken from it, not to everything it lists: otherwise every
 * icon used anywhere in the app would seem needed by every screen. Whatever the reading cannot place
 * (CommonJS, a workspace package) is followed whole, so the answer errs towards more, never less.
 */
export function screenClosures(
  factsOf: ModuleFactsOf,
  screens: Record<string, string>,
): Map<string, Set<string>> {
  const parsed = new Map<string, ParsedModule>();
  const parse = (id: string, code: string) => {
    const known = parsed.get(id);
    if (known) return known;
    const module = parseModule(code);
    parsed.set(id, module);
    return module;
  };
  const neededBy = new Map<string, Set<string>>();

  for (const [screen, screenId] of Object.entries(screens)) {
    const seen = new Set<string>();
    const visit = (id: string, wanted: Wanted) => {
      const keys = wanted === 'all' ? [`${id}\0*`] : [...wanted].map((n) => `${id}\0${n}`);
      const fresh = keys.filter((k) => !seen.has(k));
      if (fresh.length === 0 || seen.has(`${id}\0*`)) return;
      for (const key of fresh) seen.add(key);
      const screensOfModule = neededBy.get(id) ?? new Set<string>();
      screensOfModule.add(screen);
      neededBy.set(id, screensOfModule);

      const facts = factsOf(id);
      if (!facts) return;
      const follow = (spec: string, next: Wanted) => {
        const target = resolveAmong(id, spec, facts.importedIds);
        if (target) visit(target, next);
        return target;
      };
      const module = facts.code === null ? null : parse(id, facts.code);
      if (module?.onlyReExports && wanted !== 'all') {
        for (const name of wanted) followReExport(module, name, follow);
        return;
      }
      // A module with code of its own: all it imports, and whatever wanted it passes on.
      const read = new Set<string>();
      for (const clause of module?.imports ?? []) read.add(follow(clause.spec, clause.names) ?? '');
      for (const reExport of module?.reExports ?? []) {
        const pairs = reExport.pairs.filter(
          (p) => wanted === 'all' || wanted.has(p.exported) || p.exported === '*',
        );
        if (pairs.length === 0) {
          read.add(resolveAmong(id, reExport.spec, facts.importedIds) ?? '');
          continue;
        }
        const all = pairs.some((p) => p.imported === '*');
        read.add(follow(reExport.spec, all ? 'all' : new Set(pairs.map((p) => p.imported))) ?? '');
      }
      for (const imported of facts.importedIds) if (!read.has(imported)) visit(imported, 'all');
    };
    visit(screenId, 'all');
  }
  return neededBy;
}

/** Follows one name an index passes on to the module it comes from. */
function followReExport(
  module: ParsedModule,
  name: string,
  follow: (spec: string, wanted: Wanted) => unknown,
): void {
  for (const reExport of module.reExports) {
    const pair = reExport.pairs.find((p) => p.exported === name);
    if (pair) return void follow(reExport.spec, pair.imported === '*' ? 'all' : new Set([pair.imported]));
  }
  const local = module.localExports.get(name);
  const clause = local === undefined ? undefined : module.imports.find((i) => i.locals.has(local));
  const imported = local === undefined ? undefined : clause?.locals.get(local);
  if (clause && imported) return void follow(clause.spec, imported === '*' ? 'all' : new Set([imported]));
  // Not listed by name: one of the `export *` sources has it.
  for (const reExport of module.reExports)
    if (reExport.pairs.some((p) => p.exported === '*')) follow(reExport.spec, new Set([name]));
}

type ChunkingContext = { getModuleInfo(id: string): ModuleFacts | null };

/**
 * A rolldown chunk group (`codeSplitting.groups`) for the code of the public screens. Left to itself,
 * rolldown gives every set of screens sharing some modules a chunk of its own: a public page fetched
 * 40-odd files on a first visit, most under 1 KB (an icon, a badge), and on a phone each costs a round
 * trip. Here a public screen's code comes in two files besides the screen's own: what only it of the
 * public screens needs (`<screen>-screen`), and what two or more of them share (`public-screens`).
 * Another screen that uses a piece of these gets that whole file: a few KB more for a screen opened
 * later, never for a first visit. The screen modules keep their own chunks (the server preloads a
 * page's files by them, apps/server/src/modules/seo/screen-preloads.ts), and modules the entry needs
 * belong to the entry's chunk (a group of higher priority).
 */
export function publicScreenChunks(webRoot: string, screens: Record<string, string> = PUBLIC_SCREENS) {
  const screenIds = Object.fromEntries(
    Object.values(screens).map((module) => [path.parse(module).name, path.join(webRoot, module)]),
  );
  const screenModules = new Set(Object.values(screenIds));
  let neededBy: Map<string, Set<string>> | undefined;
  return {
    name(id: string, ctx: ChunkingContext): string | null {
      neededBy ??= screenClosures((moduleId) => ctx.getModuleInfo(moduleId), screenIds);
      const needing = neededBy.get(id);
      if (!needing || screenModules.has(id)) return null;
      // An index of re-exports has no code to place; pulling it in would pull in all it lists.
      const code = ctx.getModuleInfo(id)?.code;
      if (code && parseModule(code).onlyReExports) return null;
      return needing.size > 1 ? 'public-screens' : `${[...needing][0]}-screen`;
    },
    // The groups already hold each module's imports (a module's screens are among its imports'), so a
    // module's imports must not be pulled into its group: the shared ones would land in one screen's.
    includeDependenciesRecursively: false,
  };
}
