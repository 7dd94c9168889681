import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A module's face (index.ts) is what others may use: its register function, service types, events and
// published views. Anything on it that nobody outside the module uses is an internal left showing, and
// widens what other modules could start to depend on; this test fails on each such export.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = path.join(ROOT, 'apps/server/src/modules');
/** Where a face's exports may be used from: the server (other modules, app, demo, tests), scripts, bench. */
const USERS = ['apps/server', 'scripts', 'bench'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The names a face exports (`export { a, type B, c as d } from …` and declarations). */
function faceExports(text: string): string[] {
  const names: string[] = [];
  for (const block of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g))
    for (const part of block[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.push(name);
    }
  for (const m of text.matchAll(/export\s+(?:async\s+)?(?:const|function|type|interface|class)\s+(\w+)/g))
    names.push(m[1]);
  return names;
}

describe('module faces', () => {
  it('export only what is used outside their module', () => {
    const files = USERS.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).map((file) => ({
      file,
      text: readFileSync(file, 'utf8'),
    }));
    const unused: string[] = [];
    for (const module of readdirSync(MODULES)) {
      const face = path.join(MODULES, module, 'index.ts');
      const faceFile = files.find((f) => f.file === face);
      if (!faceFile) continue;
      const importsFace = new RegExp(`modules/${module}/index\\.ts'|\\.\\./${module}/index\\.ts'`);
      const importers = files.filter(
        (f) => !f.file.startsWith(path.join(MODULES, module) + path.sep) && importsFace.test(f.text),
      );
      for (const name of faceExports(faceFile.text))
        if (!importers.some((f) => new RegExp(`\\b${name}\\b`).test(f.text)))
          unused.push(`${module}: ${name}`);
    }
    expect(unused).toEqual([]);
  });
});
