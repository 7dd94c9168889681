/**
 * docs/DECISIONS.md stays a set of numbered records a newcomer can follow: numbers without gaps, a status
 * on each, superseded records pointing at a record that exists, and every record in the index once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FILE = path.resolve(import.meta.dirname, '../docs/DECISIONS.md');

type Record = { number: number; title: string; heading: string; status: string | undefined };

/** The anchor GitHub gives a heading: lower case, punctuation dropped, each space a hyphen. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

function readDecisions(text: string) {
  const [preamble, ...sections] = text.split(/^## /m);
  const records: Record[] = [];
  let index = '';
  for (const section of sections) {
    const [heading, ...body] = section.split('\n');
    if (heading.trim() === 'Index') {
      index = body.join('\n');
      continue;
    }
    const numbered = /^(\d{4})\. (.+)$/.exec(heading.trim());
    const status = /^Status: (.+)$/m.exec(body.join('\n'))?.[1];
    records.push({
      number: numbered ? Number(numbered[1]) : Number.NaN,
      title: numbered ? numbered[2] : heading.trim(),
      heading: heading.trim(),
      status,
    });
  }
  const links = [...index.matchAll(/^- \[([^\]]+)\]\(#([^)]+)\)(?: \((superseded by \d{4})\))?$/gm)].map(
    (m) => ({
      text: m[1],
      anchor: m[2],
      status: m[3] ?? 'accepted',
    }),
  );
  return { preamble, records, index, links };
}

describe('the decision records', () => {
  const { preamble, records, index, links } = readDecisions(readFileSync(FILE, 'utf8'));

  it('say at the top how to add one', () => {
    expect(preamble).toMatch(/To add one:/);
    expect(index).not.toBe('');
  });

  it('are numbered from 0001 without a gap, in the order of the file', () => {
    expect(records.length).toBeGreaterThan(100);
    const unnumbered = records.filter((r) => Number.isNaN(r.number)).map((r) => r.heading);
    expect(unnumbered, 'every record heading reads "## NNNN. Title"').toEqual([]);
    expect(records.map((r) => r.number)).toEqual(records.map((_, i) => i + 1));
  });

  it('each have a status: accepted, or superseded by a later record that exists', () => {
    const numbers = new Set(records.map((r) => r.number));
    for (const record of records) {
      expect(record.status, record.heading).toMatch(/^(accepted|superseded by \d{4})$/);
      const by = /^superseded by (\d{4})$/.exec(record.status ?? '');
      if (!by) continue;
      expect(numbers.has(Number(by[1])), `${record.heading}: no record ${by[1]}`).toBe(true);
      expect(Number(by[1]), `${record.heading} is superseded by a later record`).toBeGreaterThan(
        record.number,
      );
    }
  });

  it('are each in the index exactly once, linked to their heading', () => {
    const listed = links.map((l) => l.text).sort();
    expect(listed).toEqual(records.map((r) => r.heading).sort());
    for (const link of links) expect(link.anchor, link.text).toBe(anchorOf(link.text));
    const statusOf = new Map(records.map((r) => [r.heading, r.status]));
    for (const link of links) expect(link.status, `${link.text} in the index`).toBe(statusOf.get(link.text));
  });

  it('reads a GitHub anchor as GitHub writes it', () => {
    expect(anchorOf('0002. `npm install`, not `npm ci`')).toBe('0002-npm-install-not-npm-ci');
    expect(anchorOf('0091. The listing form warns outside 20%–500% of the index')).toBe(
      '0091-the-listing-form-warns-outside-20500-of-the-index',
    );
  });
});
