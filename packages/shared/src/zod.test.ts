import { describe, expect, it } from 'vitest';
import * as z from './zod.ts';

const NUL = '\u0000';

describe('the contracts’ zod', () => {
  it('refuses a NUL character in any string, with one clear message before any other check', () => {
    const name = z.string().trim().min(3, 'Too short').max(5, 'Too long');
    expect(name.safeParse(`ab${NUL}`).error?.issues).toEqual([
      expect.objectContaining({ path: [], message: z.NUL_CHARACTER_MESSAGE }),
    ]);
    expect(name.safeParse('abcd').data).toBe('abcd');
    const form = z.object({ notes: z.string().optional(), tags: z.array(z.string()) });
    expect(form.safeParse({ notes: NUL, tags: ['ok', `x${NUL}`] }).error?.issues).toEqual([
      expect.objectContaining({ path: ['notes'], message: z.NUL_CHARACTER_MESSAGE }),
      expect.objectContaining({ path: ['tags', 1], message: z.NUL_CHARACTER_MESSAGE }),
    ]);
  });

  it('refuses a NUL character in a URL, which the URL parser lets through', () => {
    expect(z.url().safeParse(`https://example.test/a${NUL}b`).error?.issues[0].message).toBe(
      z.NUL_CHARACTER_MESSAGE,
    );
    expect(z.url().safeParse('https://example.test/a').success).toBe(true);
  });
});

describe('the contracts’ zod and ill-formed text', () => {
  const LONE = ['\ud800', '\udfff', 'a\udc00b', '\ud83d'];

  it('refuses a lone surrogate in any string or URL, with one clear message before any other check', () => {
    const name = z.string().trim().min(3, 'Too short').max(5, 'Too long');
    for (const lone of LONE) {
      expect(name.safeParse(`ab${lone}`).error?.issues, JSON.stringify(lone)).toEqual([
        expect.objectContaining({ path: [], message: z.ILL_FORMED_TEXT_MESSAGE }),
      ]);
      expect(z.url().safeParse(`https://example.test/${lone}`).error?.issues[0].message).toBe(
        z.ILL_FORMED_TEXT_MESSAGE,
      );
    }
    const form = z.object({ notes: z.string().optional(), tags: z.array(z.string()) });
    expect(form.safeParse({ notes: 'ok', tags: ['ok', 'x\ud800'] }).error?.issues).toEqual([
      expect.objectContaining({ path: ['tags', 1], message: z.ILL_FORMED_TEXT_MESSAGE }),
    ]);
  });

  it('keeps well-formed text, pairs (emoji) included', () => {
    expect(z.string().safeParse('Scrap 😀 Kupfer ü ✓').data).toBe('Scrap 😀 Kupfer ü ✓');
    expect(z.isIllFormedText('\ud83d\ude00')).toBe(false);
    expect(z.unstorableTextMessage('fine')).toBeNull();
    expect(z.unstorableTextMessage('a\u0000\ud800')).toBe(z.NUL_CHARACTER_MESSAGE);
  });
});
