import { describe, expect, it } from 'vitest';
import {
  type ModuleFacts,
  parseModule,
  publicScreenChunks,
  resolveAmong,
  screenClosures,
} from './screen-chunks.ts';

const WEB = '/repo/apps/web';
const NM = '/repo/node_modules';

/** A module graph in miniature, as rolldown describes it: each module's code and resolved imports. */
const GRAPH: Record<string, ModuleFacts> = {
  [`${WEB}/src/app/routes/home.tsx`]: {
    code: [
      'import { Leaf, MapPin } from "lucide-react";',
      'import { Card } from "@/components/ui/card";',
      'import { Tabs } from "radix-ui";',
      'export function HomePage() {}',
    ].join('\n'),
    importedIds: [
      `${NM}/lucide-react/dist/lucide-react.mjs`,
      `${WEB}/src/components/ui/card.tsx`,
      `${NM}/radix-ui/index.mjs`,
    ],
  },
  [`${WEB}/src/app/routes/market.tsx`]: {
    code: 'import { Card } from "@/components/ui/card";\nimport { ChartLine } from "lucide-react";\nexport const MarketPage = () => null;',
    importedIds: [`${WEB}/src/components/ui/card.tsx`, `${NM}/lucide-react/dist/lucide-react.mjs`],
  },
  [`${WEB}/src/components/ui/card.tsx`]: {
    code: "import { cn } from '../../lib/cn';\nimport legacy from 'legacy-cjs';\nexport const Card = () => cn(legacy);",
    importedIds: [`${WEB}/src/lib/cn.ts`, `${NM}/legacy-cjs/index.js`],
  },
  [`${WEB}/src/lib/cn.ts`]: { code: 'export const cn = (...c) => c.join(" ");', importedIds: [] },
  // An icon index: thousands of re-exports, each screen takes two or three.
  [`${NM}/lucide-react/dist/lucide-react.mjs`]: {
    code: [
      '/** @license lucide-react */',
      'import * as index from "./icons/index.mjs";',
      'export { index as icons };',
      'export { default as Leaf, default as LeafIcon } from "./icons/leaf.mjs";',
      'export { default as MapPin } from "./icons/map-pin.mjs";',
      'export { default as ChartLine } from "./icons/chart-line.mjs";',
      'export { default as Trash } from "./icons/trash.mjs";',
    ].join('\n'),
    importedIds: [
      `${NM}/lucide-react/dist/icons/index.mjs`,
      `${NM}/lucide-react/dist/icons/leaf.mjs`,
      `${NM}/lucide-react/dist/icons/map-pin.mjs`,
      `${NM}/lucide-react/dist/icons/chart-line.mjs`,
      `${NM}/lucide-react/dist/icons/trash.mjs`,
    ],
  },
  [`${NM}/lucide-react/dist/icons/leaf.mjs`]: {
    code: 'import createLucideIcon from "../createLucideIcon.mjs";\nconst Leaf = createLucideIcon("leaf");\nexport { Leaf as default };',
    importedIds: [`${NM}/lucide-react/dist/createLucideIcon.mjs`],
  },
  [`${NM}/lucide-react/dist/icons/map-pin.mjs`]: { code: 'export default 1;', importedIds: [] },
  [`${NM}/lucide-react/dist/icons/chart-line.mjs`]: { code: 'export default 2;', importedIds: [] },
  [`${NM}/lucide-react/dist/icons/trash.mjs`]: { code: 'export default 3;', importedIds: [] },
  [`${NM}/lucide-react/dist/createLucideIcon.mjs`]: { code: 'export default () => null;', importedIds: [] },
  // A namespace index (radix-ui) that re-exports a package through `export *`.
  [`${NM}/radix-ui/index.mjs`]: {
    code: 'import * as Tabs from "@radix-ui/react-tabs";\nimport * as Dialog from "@radix-ui/react-dialog";\nexport { Tabs, Dialog };\nexport * from "@radix-ui/react-slot";',
    importedIds: [
      `${NM}/@radix-ui/react-tabs/dist/index.mjs`,
      `${NM}/@radix-ui/react-dialog/dist/index.mjs`,
      `${NM}/@radix-ui/react-slot/dist/index.mjs`,
    ],
  },
  [`${NM}/@radix-ui/react-tabs/dist/index.mjs`]: { code: 'export const Root = 1;', importedIds: [] },
  [`${NM}/@radix-ui/react-dialog/dist/index.mjs`]: { code: 'export const Root = 2;', importedIds: [] },
  [`${NM}/@radix-ui/react-slot/dist/index.mjs`]: { code: 'export const Slot = 3;', importedIds: [] },
  // CommonJS: no import statements to read, so all of its imports count.
  [`${NM}/legacy-cjs/index.js`]: {
    code: 'module.exports = require("./impl.js");',
    importedIds: [`${NM}/legacy-cjs/impl.js`],
  },
  [`${NM}/legacy-cjs/impl.js`]: { code: 'module.exports = 1;', importedIds: [] },
};
const factsOf = (id: string) => GRAPH[id] ?? null;
const SCREENS = {
  home: `${WEB}/src/app/routes/home.tsx`,
  market: `${WEB}/src/app/routes/market.tsx`,
};

describe('which screens need a module', () => {
  it('follows a screen’s imports through an index only to the icons it takes', () => {
    const neededBy = screenClosures(factsOf, SCREENS);
    const of = (id: string) => [...(neededBy.get(id) ?? [])].sort();
    expect(of(`${NM}/lucide-react/dist/icons/leaf.mjs`)).toEqual(['home']);
    expect(of(`${NM}/lucide-react/dist/createLucideIcon.mjs`)).toEqual(['home']);
    expect(of(`${NM}/lucide-react/dist/icons/chart-line.mjs`)).toEqual(['market']);
    expect(of(`${NM}/lucide-react/dist/icons/trash.mjs`)).toEqual([]);
    expect(of(`${NM}/lucide-react/dist/icons/index.mjs`)).toEqual([]);
    expect(of(`${WEB}/src/lib/cn.ts`)).toEqual(['home', 'market']);
  });

  it('follows a namespace taken from an index whole, and nothing else it lists', () => {
    const neededBy = screenClosures(factsOf, SCREENS);
    expect([...(neededBy.get(`${NM}/@radix-ui/react-tabs/dist/index.mjs`) ?? [])]).toEqual(['home']);
    expect(neededBy.has(`${NM}/@radix-ui/react-dialog/dist/index.mjs`)).toBe(false);
    expect(neededBy.has(`${NM}/@radix-ui/react-slot/dist/index.mjs`)).toBe(false);
  });

  it('counts every import of a module it cannot read (CommonJS)', () => {
    const neededBy = screenClosures(factsOf, SCREENS);
    expect([...(neededBy.get(`${NM}/legacy-cjs/impl.js`) ?? [])].sort()).toEqual(['home', 'market']);
  });
});

describe('the chunks of the public screens', () => {
  it('puts what one public screen needs in its file, what several share in one, and leaves the rest', () => {
    const group = publicScreenChunks(WEB, {
      '/': 'src/app/routes/home.tsx',
      '/market': 'src/app/routes/market.tsx',
    });
    const ctx = { getModuleInfo: factsOf };
    const chunkOf = (id: string) => group.name(id, ctx);
    expect(chunkOf(`${NM}/lucide-react/dist/icons/leaf.mjs`)).toBe('home-screen');
    expect(chunkOf(`${NM}/lucide-react/dist/icons/chart-line.mjs`)).toBe('market-screen');
    expect(chunkOf(`${WEB}/src/components/ui/card.tsx`)).toBe('public-screens');
    // The screens keep their own chunks; an index has no code of its own; others are not public.
    expect(chunkOf(`${WEB}/src/app/routes/home.tsx`)).toBeNull();
    expect(chunkOf(`${NM}/lucide-react/dist/lucide-react.mjs`)).toBeNull();
    expect(chunkOf(`${NM}/lucide-react/dist/icons/trash.mjs`)).toBeNull();
    expect(group.includeDependenciesRecursively).toBe(false);
  });
});

describe('reading a module', () => {
  it('reads default, named, namespace and bare imports, and re-exports', () => {
    const parsed = parseModule(
      [
        'import React, { useState as useS, useMemo } from "react";',
        'import * as ns from "./ns";',
        'import "./side-effect.css";',
        'export { a as b } from "./a";',
        'export * from "./star";',
        'const x = import("./lazy");',
        'export function f() {}',
      ].join('\n'),
    );
    expect(parsed.imports.map((i) => [i.spec, i.names === 'all' ? 'all' : [...i.names].sort()])).toEqual([
      ['react', ['default', 'useMemo', 'useState']],
      ['./ns', 'all'],
      ['./side-effect.css', 'all'],
    ]);
    expect(parsed.reExports).toEqual([
      { spec: './a', pairs: [{ exported: 'b', imported: 'a' }] },
      { spec: './star', pairs: [{ exported: '*', imported: '*' }] },
    ]);
    expect(parsed.onlyReExports).toBe(false);
  });

  it('tells a spec among the ids its imports resolved to', () => {
    const ids = [
      `${NM}/react/index.js`,
      `${NM}/react/jsx-runtime.js`,
      `${WEB}/src/lib/cn.ts`,
      `${NM}/@scope/pkg/dist/index.mjs`,
    ];
    const importer = `${WEB}/src/components/ui/card.tsx`;
    expect(resolveAmong(importer, 'react', ids)).toBe(ids[0]);
    expect(resolveAmong(importer, 'react/jsx-runtime', ids)).toBe(ids[1]);
    expect(resolveAmong(importer, '../../lib/cn', ids)).toBe(ids[2]);
    expect(resolveAmong(importer, '@/lib/cn', ids)).toBe(ids[2]);
    expect(resolveAmong(importer, '@scope/pkg', ids)).toBe(ids[3]);
    expect(resolveAmong(importer, '@app/shared/listings', ids)).toBeUndefined();
  });
});
