import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  charactersOf,
  INTER_LATIN_SOURCE,
  LATIN_UNICODE_RANGE,
  writeInterLatinSubset,
} from './font-subset.ts';

const require = createRequire(import.meta.url);
const unicodeRangeOf = (css: string, face: string) =>
  new RegExp(`${face}\\.woff2[^}]*unicode-range:\\s*([^;]+);`).exec(css)?.[1]?.replace(/\s/g, '');

describe('the Inter Latin subset', () => {
  it('covers the characters of the package’s Latin face, as the app’s @font-face declares', async () => {
    const packageCss = await readFile(require.resolve('@fontsource-variable/inter/index.css'), 'utf8');
    const appCss = await readFile(new URL('../src/styles/fonts.css', import.meta.url), 'utf8');
    expect(unicodeRangeOf(packageCss, 'inter-latin-wght-normal')).toBe(LATIN_UNICODE_RANGE);
    expect(unicodeRangeOf(appCss, 'inter-latin-subset')).toBe(LATIN_UNICODE_RANGE);
  });

  it('reads a unicode-range into its characters', () => {
    expect(charactersOf('U+0041-0043,U+20AC')).toBe('ABC€');
  });

  it('writes a WOFF2 file well under the package’s Latin file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'inter-subset-'));
    try {
      const target = path.join(dir, 'inter.woff2');
      await writeInterLatinSubset(INTER_LATIN_SOURCE, target);
      const written = await readFile(target);
      expect(written.subarray(0, 4).toString('latin1')).toBe('wOF2');
      expect(written.length).toBeLessThan(0.7 * (await stat(INTER_LATIN_SOURCE)).size);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
