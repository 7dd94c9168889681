import type { ListingCategory } from '../listings/listings.schemas.ts';
import { gradeById, type MaterialGradeId } from './grades.ts';

/**
 * Grade families: the materials a trader would call "the same metal" or "the same bale", whose prices
 * are of one order of magnitude. Matching pairs listings only within a family, and a listing's price
 * is compared with its grade's index, else its family's, never with a category figure that blends
 * $340/t steel with $8,600/t copper (issue 20, items 8 and 9).
 *
 * A listing without a grade belongs to the family its title names (`keywords`, matched at the start of
 * a word, case-insensitive); when the title names several, the family listed first in its category
 * wins ("Stainless steel" is stainless, not ferrous). A category with one family needs no keyword.
 * Keywords are lower-case letters and spaces only, so the same list builds a JavaScript and a
 * PostgreSQL pattern.
 */
export type GradeFamily = {
  id: string;
  category: ListingCategory;
  /** "Copper", as /market and the listing page name it. */
  name: string;
  grades: readonly MaterialGradeId[];
  keywords: readonly string[];
};

export const GRADE_FAMILIES = [
  // Metals: stainless before ferrous ("stainless steel"), brass before copper ("copper-brass radiators").
  {
    id: 'stainless',
    category: 'metals',
    name: 'Stainless steel',
    grades: ['stainless-304'],
    keywords: ['stainless', 'inox'],
  },
  { id: 'brass', category: 'metals', name: 'Brass', grades: ['honey', 'ocean'], keywords: ['brass'] },
  {
    id: 'copper',
    category: 'metals',
    name: 'Copper',
    grades: ['barley', 'berry', 'birch', 'candy', 'cliff', 'dream'],
    keywords: ['copper'],
  },
  {
    id: 'aluminium',
    category: 'metals',
    name: 'Aluminium',
    grades: ['zorba', 'taint-tabor', 'taldon', 'tense', 'talk'],
    keywords: ['alumin', 'ubc', 'zorba'],
  },
  {
    id: 'lead-zinc',
    category: 'metals',
    name: 'Lead and zinc',
    grades: ['rains'],
    keywords: ['lead', 'zinc', 'batter'],
  },
  {
    id: 'ferrous',
    category: 'metals',
    name: 'Ferrous (iron and steel)',
    grades: ['hms-1', 'hms-2', 'busheling', 'shredded-steel', 'plate-structural'],
    keywords: ['steel', 'iron', 'hms', 'busheling', 'ferrous scrap'],
  },
  // Paper.
  {
    id: 'occ',
    category: 'paper',
    name: 'OCC and cardboard',
    grades: ['occ', 'dlk'],
    keywords: ['occ', 'cardboard', 'corrugat', 'kraft', 'dlk'],
  },
  {
    id: 'mixed-paper',
    category: 'paper',
    name: 'Mixed, office and news paper',
    grades: ['sop', 'onp', 'mixed-paper'],
    keywords: ['mixed paper', 'office paper', 'sop', 'onp', 'newspaper', 'magazine'],
  },
  // Plastics.
  { id: 'pet', category: 'plastics', name: 'PET', grades: ['pet-bottles'], keywords: ['pet'] },
  {
    id: 'hdpe',
    category: 'plastics',
    name: 'HDPE',
    grades: ['hdpe-natural', 'hdpe-mixed-color'],
    keywords: ['hdpe'],
  },
  { id: 'pp', category: 'plastics', name: 'PP', grades: ['pp-rigid'], keywords: ['pp', 'polypropylene'] },
  {
    id: 'ldpe-film',
    category: 'plastics',
    name: 'LDPE film',
    grades: ['ldpe-film'],
    keywords: ['ldpe', 'film'],
  },
  {
    id: 'mixed-plastics',
    category: 'plastics',
    name: 'Mixed plastics',
    grades: ['mixed-rigids'],
    keywords: ['mixed rigid', 'mixed plastic'],
  },
  // Textiles: one family, every listing of the category belongs to it.
  {
    id: 'textiles',
    category: 'textiles',
    name: 'Textiles',
    grades: ['used-clothing-cream', 'mixed-textiles', 'cotton-clippings', 'wipers'],
    keywords: [],
  },
] as const satisfies readonly GradeFamily[];

export type GradeFamilyId = (typeof GRADE_FAMILIES)[number]['id'];

const FAMILY_BY_GRADE = new Map<string, GradeFamily>(
  GRADE_FAMILIES.flatMap((f) => f.grades.map((g) => [g, f] as [string, GradeFamily])),
);
const FAMILY_BY_ID = new Map<string, GradeFamily>(GRADE_FAMILIES.map((f) => [f.id, f]));

export function familyById(id: string | null | undefined): GradeFamily | null {
  return id ? (FAMILY_BY_ID.get(id) ?? null) : null;
}

/** The families of one category, in precedence order. */
export function familiesOf(category: ListingCategory): GradeFamily[] {
  return GRADE_FAMILIES.filter((f) => f.category === category);
}

/** The family of a grade id; null for an unknown id or none. */
export function familyOfGrade(gradeId: string | null | undefined): GradeFamily | null {
  return gradeId ? (FAMILY_BY_GRADE.get(gradeId) ?? null) : null;
}

/** The same keyword rule as SQL's `\m(...)`: the keyword starts a word (letters and digits). */
const titlePattern = (keywords: readonly string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${keywords.join('|')})`, 'iu');

/**
 * The family of a listing: its grade's, else the first family of its category its title names, else
 * the category's only family; null when nothing says which material it is.
 */
export function familyOfListing(listing: {
  category: string;
  grade: string | null | undefined;
  title: string;
}): GradeFamily | null {
  const byGrade = familyOfGrade(listing.grade);
  if (byGrade) return byGrade;
  if (gradeById(listing.grade)) return null;
  const families = familiesOf(listing.category as ListingCategory);
  if (families.length === 1) return families[0] ?? null;
  return families.find((f) => f.keywords.length > 0 && titlePattern(f.keywords).test(listing.title)) ?? null;
}

/** Whether two listings may be compared: same category, and the same family or both unknown. */
export function isSameGradeFamily(
  a: { category: string; grade: string | null | undefined; title: string },
  b: { category: string; grade: string | null | undefined; title: string },
): boolean {
  return a.category === b.category && familyOfListing(a)?.id === familyOfListing(b)?.id;
}

/**
 * Whether a category's "all grades" figure would blend families of different orders of magnitude
 * ($340/t steel with $8,600/t copper): such figures are neither published nor compared with.
 */
export function isBlendedSeries(category: string, grade: string | null): boolean {
  return grade === null && familiesOf(category as ListingCategory).length > 1;
}
