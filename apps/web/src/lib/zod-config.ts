/**
 * Zod's settings for the browser, set before zod loads (it reads them from this global when its first
 * chunk runs, so the entry need not import zod). `jitless`: zod would otherwise probe `new Function` to
 * decide whether to compile its object parsers, and our CSP (script-src 'self', no 'unsafe-eval')
 * reports that probe as a violation on every page with a form. Forms parse a few fields; the
 * interpreter is fast enough.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
