import { existsSync, readFileSync } from 'node:fs';
import { enableCompileCache, type ResolveFnOutput, registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Tunes Node's module loader for the server's ~3,000 modules; call it before importing them.
 *
 * - The compile cache keeps V8's compiled code between starts (in the system's temporary directory,
 *   keyed by file content), so a start compiles only what changed.
 * - Node copies a package's parsed package.json each time it resolves a file inside the package, and the
 *   copy parses the `exports` map again: drizzle-orm's is 178 KB, parsed some 500 times per start (1-2 s
 *   of CPU and 60 MB of garbage the heap grows for). A relative `.js` import inside an ES module package
 *   is resolved here instead, from the specifier and the package's type, read once per directory.
 * - A bare specifier (`drizzle-orm`, `zod/v4`) is resolved by Node once per place it can be resolved
 *   from, not once per importing file (920 resolutions, 260 distinct, read drizzle-orm's package.json
 *   again each time): the answer only depends on the conditions and on the nearest directories holding
 *   a node_modules folder or a package.json, so it is remembered under those.
 */
export function tuneModuleLoading(): void {
  enableCompileCache();
  const isModuleScope = moduleScopeLookup();
  const resolutionRoot = resolutionRootLookup();
  const bareResolutions = new Map<string, ResolveFnOutput>();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (parent?.startsWith('file:') && isBareSpecifier(specifier)) {
        const key = `${specifier}\0${context.conditions?.join(',')}\0${resolutionRoot(path.dirname(fileURLToPath(parent)))}`;
        const known = bareResolutions.get(key);
        if (known) return known;
        const resolved = nextResolve(specifier, context);
        bareResolutions.set(key, { ...resolved, shortCircuit: true });
        return resolved;
      }
      if (
        parent?.startsWith('file:') &&
        parent.includes('/node_modules/') &&
        (specifier.startsWith('./') || specifier.startsWith('../')) &&
        specifier.endsWith('.js')
      ) {
        const url = new URL(specifier, parent);
        const file = fileURLToPath(url);
        if (isModuleScope(path.dirname(file)) && existsSync(file)) {
          return { url: url.href, format: 'module', shortCircuit: true };
        }
      }
      return nextResolve(specifier, context);
    },
  });
}

/** `zod`, `@fastify/static`, `drizzle-orm/pg-core`: not relative, absolute, a URL or a built-in. */
function isBareSpecifier(specifier: string): boolean {
  return !/^(\.{0,2}\/|[a-z][a-z0-9+.-]*:|#)/i.test(specifier);
}

/**
 * The directory whose bare-specifier resolutions a directory shares: itself when it holds a
 * node_modules folder or a package.json (either changes what a bare name resolves to), else its parent's.
 */
function resolutionRootLookup(): (dir: string) => string {
  const byDir = new Map<string, string>();
  const lookup = (dir: string): string => {
    const known = byDir.get(dir);
    if (known !== undefined) return known;
    const parent = path.dirname(dir);
    const root =
      parent === dir ||
      existsSync(path.join(dir, 'node_modules')) ||
      existsSync(path.join(dir, 'package.json'))
        ? dir
        : lookup(parent);
    byDir.set(dir, root);
    return root;
  };
  return lookup;
}

/** Whether `.js` files in a directory are ES modules: the nearest package.json says "type": "module". */
function moduleScopeLookup(): (dir: string) => boolean {
  const byDir = new Map<string, boolean>();
  const lookup = (dir: string): boolean => {
    const known = byDir.get(dir);
    if (known !== undefined) return known;
    const manifest = path.join(dir, 'package.json');
    const parent = path.dirname(dir);
    let isModule: boolean;
    if (existsSync(manifest)) {
      try {
        isModule = JSON.parse(readFileSync(manifest, 'utf8')).type === 'module';
      } catch {
        isModule = false;
      }
    } else {
      isModule = parent !== dir && lookup(parent);
    }
    byDir.set(dir, isModule);
    return isModule;
  };
  return lookup;
}
