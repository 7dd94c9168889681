/**
 * Warnings an administrator sees when verifying a company: a contact address at a free-mail provider,
 * and a name close to a company already verified (cloned names are a known fraud in this trade).
 * Pure and zod-free; the thresholds are explained in docs/DECISIONS.md ("Fraud-signal thresholds").
 */

/** Free-mail providers, by exact domain. */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'ymail.com',
  'rocketmail.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'mail.com',
  'email.com',
  'web.de',
  'mail.ru',
  'inbox.ru',
  'bk.ru',
  'list.ru',
  'rambler.ru',
  'protonmail.com',
  'protonmail.ch',
  'proton.me',
  'pm.me',
  'tutanota.com',
  'tuta.io',
  'zoho.com',
  'zohomail.com',
  'fastmail.com',
  'hushmail.com',
  'gmx.com',
  'gmx.net',
  'qq.com',
  '163.com',
  '126.com',
  'sina.com',
  'rediffmail.com',
  'naver.com',
  'daum.net',
  'hanmail.net',
  'libero.it',
  'orange.fr',
  'wanadoo.fr',
  'laposte.net',
  'free.fr',
  't-online.de',
  'seznam.cz',
  'wp.pl',
  'o2.pl',
  'interia.pl',
  'onet.pl',
  'abv.bg',
  'inbox.lv',
  'yopmail.com',
]);

/** Providers with a domain per country (yahoo.co.uk, hotmail.fr, gmx.de, yandex.ru…): any domain of theirs. */
const FREE_MAIL_FAMILIES = ['yahoo', 'hotmail', 'outlook', 'live', 'gmx', 'yandex'] as const;

/** Whether an email address is at a free-mail provider rather than a company's own domain. */
export function isFreeMailAddress(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').at(-1) ?? '';
  if (!domain || !email.includes('@')) return false;
  if (FREE_MAIL_DOMAINS.has(domain)) return true;
  const [name, ...rest] = domain.split('.');
  // yahoo.com, yahoo.co.uk, hotmail.fr: the provider's name followed by a public suffix only.
  return (
    (FREE_MAIL_FAMILIES as readonly string[]).includes(name) &&
    rest.length >= 1 &&
    rest.length <= 2 &&
    rest.every((label) => /^[a-z]{2,3}$/.test(label))
  );
}

/** Legal forms that say nothing about who a company is: dropped before comparing names. */
const LEGAL_FORMS = new Set(
  (
    'ltd limited llc inc incorporated corp corporation co company plc llp lp gmbh ag kg ug sa sas sarl ' +
    'srl spa bv nv oy ab as aps pvt private pte pty sp zoo sro kft doo ooo ltda sl slu'
  ).split(' '),
);

/**
 * A company name reduced to what identifies it: lower case, accents and punctuation removed, "&" read
 * as "and", legal forms (Ltd, GmbH, S.p.A.) dropped, spaces collapsed.
 */
export function normaliseCompanyName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    // "S.p.A." and "sp. z o.o." become one word before punctuation splits them.
    .replace(/\b(\p{L})\.(?=\p{L}\.)/gu, '$1')
    .replace(/\bsp\.?\s*z\s*o\.?\s*o\.?/g, ' spzoo ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const kept = words.filter((w) => !LEGAL_FORMS.has(w) && w !== 'spzoo');
  // A name that is nothing but a legal form keeps its words rather than becoming empty.
  return (kept.length > 0 ? kept : words).join(' ');
}

/** The Levenshtein distance: insertions, deletions and substitutions, each costing 1. */
export function levenshteinDistance(a: string, b: string): number {
  if (a === b) return 0;
  const s = [...a];
  const t = [...b];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= t.length; j += 1)
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (s[i - 1] === t[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[t.length];
}

/** 1 for equal strings down to 0: the distance over the longer length. */
export function levenshteinSimilarity(a: string, b: string): number {
  const longest = Math.max([...a].length, [...b].length);
  return longest === 0 ? 1 : 1 - levenshteinDistance(a, b) / longest;
}

/** The trigrams of each word, padded as PostgreSQL's pg_trgm pads them (two spaces before, one after). */
function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const padded = [...`  ${word} `];
    for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3).join(''));
  }
  return grams;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of both (0 to 1); word order does not count. */
export function trigramSimilarity(a: string, b: string): number {
  const x = trigramsOf(a);
  const y = trigramsOf(b);
  if (x.size === 0 && y.size === 0) return 1;
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared += 1;
  return shared / (x.size + y.size - shared);
}

/**
 * When two normalised names count as similar. An edit distance of at most 2 catches a changed letter
 * or two (Acme Metals / Acme Metal, Globel), but only when the names are long enough that 2 edits leave
 * 80% in common, so short different names (Acme / Apex) pass. A trigram similarity of 0.6 or more
 * catches reordered or extended names (Copper Recycling Northern) that edits miss.
 */
export const COMPANY_NAME_THRESHOLDS = {
  maxEditDistance: 2,
  minLevenshteinSimilarity: 0.8,
  minTrigramSimilarity: 0.6,
} as const;

export type CompanyNameComparison = {
  similar: boolean;
  editDistance: number;
  levenshteinSimilarity: number;
  trigramSimilarity: number;
};

/** How close two company names are, after normalising both. */
export function compareCompanyNames(a: string, b: string): CompanyNameComparison {
  const x = normaliseCompanyName(a);
  const y = normaliseCompanyName(b);
  const editDistance = levenshteinDistance(x, y);
  const levenshtein = levenshteinSimilarity(x, y);
  const trigram = trigramSimilarity(x, y);
  const t = COMPANY_NAME_THRESHOLDS;
  return {
    similar:
      x === y ||
      (editDistance <= t.maxEditDistance && levenshtein >= t.minLevenshteinSimilarity) ||
      trigram >= t.minTrigramSimilarity,
    editDistance,
    levenshteinSimilarity: levenshtein,
    trigramSimilarity: trigram,
  };
}

/** The existing companies whose names are similar to `name`, the closest first. */
export function findSimilarCompanyNames<C extends { name: string }>(
  name: string,
  companies: readonly C[],
): Array<C & { comparison: CompanyNameComparison }> {
  return companies
    .map((company) => ({ ...company, comparison: compareCompanyNames(name, company.name) }))
    .filter((c) => c.comparison.similar)
    .sort((a, b) => b.comparison.trigramSimilarity - a.comparison.trigramSimilarity);
}
