import { describe, expect, it } from 'vitest';
import {
  COMPANY_NAME_THRESHOLDS,
  compareCompanyNames,
  findSimilarCompanyNames,
  isFreeMailAddress,
  levenshteinDistance,
  normaliseCompanyName,
  trigramSimilarity,
} from './company-checks.ts';

describe('free-mail contact addresses', () => {
  it.each([
    'trader@gmail.com',
    'Trader@GMAIL.com',
    'sales@yahoo.co.uk',
    'sales@yahoo.com',
    'info@hotmail.fr',
    'ops@outlook.com',
    'buyer@gmx.de',
    'x@yandex.ru',
    'x@proton.me',
    'x@qq.com',
  ])('warns about %s', (email) => {
    expect(isFreeMailAddress(email)).toBe(true);
  });

  it.each([
    'sales@acme-metals.com',
    'ops@recycling.co.uk',
    'info@mail.acme.com',
    'x@gmail.com.acme.io',
    'x@yahoo-metals.com',
    'x@outlook.acmemetals.com',
    'not-an-address',
  ])('does not warn about %s', (email) => {
    expect(isFreeMailAddress(email)).toBe(false);
  });
});

describe('company names', () => {
  it('normalises case, accents, punctuation, "&" and legal forms', () => {
    expect(normaliseCompanyName('  Müller & Söhne Schrott GmbH ')).toBe('muller and sohne schrott');
    expect(normaliseCompanyName('Acme Metals, Ltd.')).toBe('acme metals');
    expect(normaliseCompanyName('Rossi Metalli S.p.A.')).toBe('rossi metalli');
    expect(normaliseCompanyName('Stal-Hurt Sp. z o.o.')).toBe('stal hurt');
    expect(normaliseCompanyName('Limited Inc')).toBe('limited inc');
  });

  it('measures edit distance and trigram similarity', () => {
    expect(levenshteinDistance('kitten', 'sitting')).toBe(3);
    expect(levenshteinDistance('', 'abc')).toBe(3);
    expect(trigramSimilarity('copper recycling', 'recycling copper')).toBe(1);
    expect(trigramSimilarity('acme', 'zinc')).toBe(0);
  });

  it.each([
    ['Acme Metals Ltd', 'Acme Metal Ltd'],
    ['Globel Recycling', 'Global Recycling Inc.'],
    ['Metro Steel', 'Metro Steal'],
    ['Müller Schrott GmbH', 'Muller Schrott'],
    ['Northern Copper Recycling', 'Copper Recycling Northern Ltd'],
    ['ACME METALS LLC', 'Acme Metals Limited'],
  ])('finds "%s" similar to "%s"', (a, b) => {
    expect(compareCompanyNames(a, b).similar).toBe(true);
  });

  it.each([
    ['Acme', 'Apex'],
    ['Global Metals GmbH', 'Global Plastics GmbH'],
    ['ABC Metals', 'XYZ Metals'],
    ['Smith Scrap', 'Smith Scrap Metal Trading'],
    ['Pacific Fibre Recovery', 'Atlantic Copper'],
  ])('finds "%s" different from "%s"', (a, b) => {
    expect(compareCompanyNames(a, b).similar).toBe(false);
  });

  it('reports the figures behind the verdict', () => {
    const comparison = compareCompanyNames('Acme Metals', 'Acme Metal');
    expect(comparison.editDistance).toBe(1);
    expect(comparison.levenshteinSimilarity).toBeCloseTo(10 / 11);
    expect(comparison.trigramSimilarity).toBeGreaterThanOrEqual(COMPANY_NAME_THRESHOLDS.minTrigramSimilarity);
  });

  it('lists the similar verified companies, closest first', () => {
    const verified = [
      { id: 'a', name: 'Acme Metal Trading' },
      { id: 'b', name: 'Apex Plastics' },
      { id: 'c', name: 'Acme Metals Ltd' },
    ];
    expect(findSimilarCompanyNames('ACME Metals', verified).map((c) => c.id)).toEqual(['c']);
    expect(findSimilarCompanyNames('Acme Metal Trading Co', verified).map((c) => c.id)).toEqual(['a']);
  });
});
