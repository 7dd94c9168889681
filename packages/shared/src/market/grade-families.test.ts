import { describe, expect, it } from 'vitest';
import { LISTING_CATEGORIES } from '../listings/listings.schemas.ts';
import {
  familiesOf,
  familyOfGrade,
  familyOfListing,
  GRADE_FAMILIES,
  isSameGradeFamily,
} from './grade-families.ts';
import { MATERIAL_GRADES } from './grades.ts';

const metals = (title: string, grade: string | null = null) => ({ category: 'metals', grade, title });

describe('grade families', () => {
  it('puts every grade in exactly one family of its own category', () => {
    for (const grade of MATERIAL_GRADES) {
      const homes = GRADE_FAMILIES.filter((f) => (f.grades as readonly string[]).includes(grade.id));
      expect(
        homes.map((f) => f.category),
        grade.id,
      ).toEqual([grade.category]);
    }
    for (const category of LISTING_CATEGORIES) expect(familiesOf(category).length).toBeGreaterThan(0);
    for (const family of GRADE_FAMILIES)
      for (const k of family.keywords) expect(k, family.id).toMatch(/^[a-z ]+$/);
  });

  it('takes a listing family from its grade, else from the first family its title names', () => {
    expect(familyOfGrade('barley')?.id).toBe('copper');
    expect(familyOfListing(metals('Anything', 'taldon'))?.id).toBe('aluminium');
    expect(familyOfListing(metals('Copper wire'))?.id).toBe('copper');
    expect(familyOfListing(metals('Aluminum UBC bales'))?.id).toBe('aluminium');
    expect(familyOfListing(metals('Stainless steel 304 solids'))?.id).toBe('stainless');
    expect(familyOfListing(metals('HMS 1&2 heavy melting steel'))?.id).toBe('ferrous');
    expect(familyOfListing(metals('Buying lead acid batteries'))?.id).toBe('lead-zinc');
    expect(familyOfListing(metals('Non-descript scrap'))).toBeNull();
    // "alumin" must start a word: "copperaluminium" is not a word we guess from.
    expect(familyOfListing(metals('Scrapaluminium'))).toBeNull();
    expect(familyOfListing({ category: 'textiles', grade: null, title: 'Anything' })?.id).toBe('textiles');
    expect(familyOfListing({ category: 'plastics', grade: null, title: 'Clear PET bottles' })?.id).toBe(
      'pet',
    );
  });

  it('compares copper only with copper, never with aluminium cans', () => {
    expect(isSameGradeFamily(metals('Copper wire', 'barley'), metals('Aluminium cans', 'taldon'))).toBe(
      false,
    );
    expect(isSameGradeFamily(metals('Copper wire'), metals('Aluminium cans'))).toBe(false);
    expect(isSameGradeFamily(metals('Wire', 'barley'), metals('Wire', 'birch'))).toBe(true);
    expect(isSameGradeFamily(metals('Copper wanted'), metals('Lot', 'berry'))).toBe(true);
    expect(isSameGradeFamily(metals('Scrap'), { category: 'paper', grade: null, title: 'Scrap' })).toBe(
      false,
    );
  });
});
