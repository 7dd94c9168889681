import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A module's SQL reads and writes its own tables, and reads other modules only through the views
// their faces publish (listing_facts, user_directory, …). Query builders cannot reach a foreign table:
// no face exports one, and lint refuses internal imports. Raw SQL can name any table, so this test reads
// every raw SQL text in the modules and checks what it names.

const MODULES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src/modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

const moduleOf = (file: string) => path.relative(MODULES, file).split(path.sep)[0];

/** Every table and view: its SQL name, owning module, and whether a face publishes it (views only). */
function catalogue(files: string[]) {
  const owners = new Map<string, string>();
  const viewNames = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/pg(Table|View)\(\s*'([a-z_]+)'/g)) owners.set(m[2], moduleOf(file));
    for (const m of text.matchAll(/export const (\w+) = pgView\(\s*'([a-z_]+)'/g)) viewNames.set(m[1], m[2]);
  }
  const published = new Set<string>();
  for (const file of files.filter((f) => path.basename(f) === 'index.ts')) {
    const text = readFileSync(file, 'utf8');
    for (const [variable, name] of viewNames)
      if (new RegExp(`export \\{[^}]*\\b${variable}\\b[^}]*\\}`).test(text)) published.add(name);
  }
  return { owners, published };
}

/** The relations a raw SQL text names (from, join, update, into, using), less its own CTEs. */
function relationsNamed(sqlText: string): string[] {
  const ctes = new Set(
    [...sqlText.matchAll(/(?:\bwith|,)\s+(?:recursive\s+)?([a-z_]+)\s+as\s*\(/gi)].map((m) => m[1]),
  );
  return [...sqlText.matchAll(/\b(?:from|join|update|into|using)\s+(?:"public"\.)?"?([a-z_]+)"?/gi)]
    .map((m) => m[1])
    .filter((name) => !ctes.has(name));
}

/** Foreign tables, and foreign views no face publishes, named by the raw SQL of `module`'s `source`. */
function foreignRelations(
  module: string,
  source: string,
  cat: { owners: Map<string, string>; published: Set<string> },
): string[] {
  const named = [...source.matchAll(/`([^`]*)`/g)].flatMap((m) => relationsNamed(m[1]));
  return [
    ...new Set(
      named.filter((name) => {
        const owner = cat.owners.get(name);
        return owner !== undefined && owner !== module && !cat.published.has(name);
      }),
    ),
  ];
}

describe('SQL ownership', () => {
  const files = sourceFiles(MODULES);
  const cat = catalogue(files);

  it('finds the tables and the published views', () => {
    expect(cat.owners.get('listings')).toBe('listings');
    expect(cat.owners.get('users')).toBe('accounts');
    expect(cat.published).toContain('listing_facts');
    expect(cat.published).toContain('user_directory');
  });

  it("catches a module's raw SQL naming another module's table, not its own tables, CTEs or published views", () => {
    const planted =
      'sql`with own as (select 1) select * from listings l join own on true join listing_matches m on true`';
    expect(foreignRelations('market', planted, cat)).toEqual(['listings']);
    const allowed =
      'sql`select * from listing_facts l join user_directory u on u.id = l.user_id join listing_matches m on true`';
    expect(foreignRelations('market', allowed, cat)).toEqual([]);
  });

  it('no module names a table or unpublished view of another module in its SQL', () => {
    const violations = files
      .filter((file) => !/\.test\.ts$/.test(file))
      .flatMap((file) =>
        foreignRelations(moduleOf(file), readFileSync(file, 'utf8'), cat).map(
          (name) => `${path.relative(MODULES, file)} names ${name} (${cat.owners.get(name)})`,
        ),
      );
    expect(violations).toEqual([]);
  });
});
