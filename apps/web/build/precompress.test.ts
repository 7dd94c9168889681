import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

describe('the build’s precompression', () => {
  it('writes brotli and gzip twins of text files worth compressing, and nothing for images or tiny files', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'recytrade-build-'));
    const outDir = path.join(root, 'dist');
    mkdirSync(path.join(outDir, 'assets'), { recursive: true });
    const script = `console.log(${JSON.stringify('recycling '.repeat(300))});\n`;
    writeFileSync(path.join(outDir, 'assets', 'index-abc.js'), script);
    writeFileSync(path.join(outDir, 'assets', 'photo-abc.webp'), Buffer.alloc(4096, 7));
    writeFileSync(path.join(outDir, 'tiny.svg'), '<svg/>');

    const plugin = precompress();
    // The two hooks Vite calls on a build, with the parts of the config the plugin reads.
    (plugin.configResolved as (c: unknown) => void)({ root, build: { outDir: 'dist' } });
    await (plugin.closeBundle as { handler: () => Promise<void> }).handler();

    expect(readdirSync(path.join(outDir, 'assets')).sort()).toEqual([
      'index-abc.js',
      'index-abc.js.br',
      'index-abc.js.gz',
      'photo-abc.webp',
    ]);
    expect(readdirSync(outDir)).not.toContain('tiny.svg.br');
    const file = (name: string) => readFileSync(path.join(outDir, 'assets', name));
    expect(brotliDecompressSync(file('index-abc.js.br')).toString()).toBe(script);
    expect(gunzipSync(file('index-abc.js.gz')).toString()).toBe(script);
    expect(file('index-abc.js.br').length).toBeLessThan(script.length / 10);
  });
});
