import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** Inter's Latin face as the package ships it (every OpenType feature, weights 100 to 900). */
export const INTER_LATIN_SOURCE = require.resolve(
  '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
);

/** Where the subset is written; src/styles/fonts.css names it, and it is not checked in. */
export const INTER_LATIN_SUBSET = fileURLToPath(
  new URL('../src/styles/generated/inter-latin-subset.woff2', import.meta.url),
);

/**
 * The characters of the package's Latin face, unchanged (its `unicode-range`, which fonts.css repeats):
 * any other character still comes from the package's other faces, loaded only for a page that has one.
 */
export const LATIN_UNICODE_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/**
 * The layout features the app's text uses: shaping and kerning that browsers apply by themselves,
 * tabular and lining figures (the `tabular` utility) and the two alternates the body asks for
 * (`font-feature-settings: "cv11", "ss01"`). Inter's other alternates, fractions and the like go.
 */
export const KEPT_FEATURES = [
  'ccmp',
  'locl',
  'mark',
  'mkmk',
  'kern',
  'liga',
  'calt',
  'rlig',
  'tnum',
  'lnum',
  'cv11',
  'ss01',
];

/** The weights the app sets, from `font-normal` to `font-extrabold`; fonts.css declares this range. */
export const WEIGHT_RANGE = { min: 400, max: 800 };

/** Every character of a `unicode-range` list, as text for the subsetter. */
export function charactersOf(unicodeRange: string): string {
  let text = '';
  for (const part of unicodeRange.split(',')) {
    const [from, to = from] = part.replace(/^U\+/i, '').split('-');
    for (let code = Number.parseInt(from ?? '', 16); code <= Number.parseInt(to, 16); code++)
      text += String.fromCodePoint(code);
  }
  return text;
}

export async function writeInterLatinSubset(source = INTER_LATIN_SOURCE, target = INTER_LATIN_SUBSET) {
  const subset = await subsetFont(await readFile(source), charactersOf(LATIN_UNICODE_RANGE), {
    targetFormat: 'woff2',
    keepFeatures: KEPT_FEATURES,
    variationAxes: { wght: WEIGHT_RANGE },
  });
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, subset);
}

const modifiedAt = (file: string) =>
  stat(file).then(
    (s) => s.mtimeMs,
    () => Number.NEGATIVE_INFINITY,
  );

/**
 * Writes the app's Inter subset before the build (and the dev server) reads the styles: about 27 KB
 * instead of the package's 48 KB. Written again when the package or this file is newer than it.
 */
export function interLatinSubset(): Plugin {
  return {
    name: 'recytrade-inter-latin-subset',
    async buildStart() {
      const written = await modifiedAt(INTER_LATIN_SUBSET);
      const inputs = [INTER_LATIN_SOURCE, fileURLToPath(import.meta.url)];
      if ((await Promise.all(inputs.map(modifiedAt))).every((at) => at <= written)) return;
      await writeInterLatinSubset();
    },
  };
}
