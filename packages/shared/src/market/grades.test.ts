import { describe, expect, it } from 'vitest';
import { LISTING_CATEGORIES } from '../listings/listings.schemas.ts';
import {
  gradeById,
  gradeLabel,
  gradesMatchingWords,
  gradesOf,
  MATERIAL_GRADE_IDS,
  MATERIAL_GRADES,
} from './grades.ts';

const labelOf = (id: string) => {
  const grade = gradeById(id);
  if (!grade) throw new Error(`no grade ${id}`);
  return gradeLabel(grade);
};

describe('material grades', () => {
  it('gives every grade a unique id and every category at least one grade', () => {
    expect(new Set(MATERIAL_GRADE_IDS).size).toBe(MATERIAL_GRADES.length);
    for (const category of LISTING_CATEGORIES) expect(gradesOf(category).length, category).toBeGreaterThan(0);
    for (const grade of MATERIAL_GRADES) {
      expect(grade.id).toMatch(/^[a-z0-9-]+$/);
      expect(grade.name.length).toBeGreaterThan(0);
      expect(grade.description.length).toBeGreaterThan(0);
    }
  });

  it('labels code words first, specification numbers after the name, and plain names alone', () => {
    expect(labelOf('barley')).toBe('Barley (Bare bright copper wire)');
    expect(labelOf('taint-tabor')).toBe('Taint/Tabor (Clean mixed old alloy sheet aluminum)');
    expect(labelOf('hms-1')).toBe('#1 Heavy Melting Steel, ReMA 200');
    expect(labelOf('occ')).toBe('Old corrugated containers (OCC), PS 11');
    expect(labelOf('pet-bottles')).toBe('PET bottle bales');
  });

  it('looks grades up by id, null for none or an unknown id', () => {
    expect(gradeById('zorba')?.category).toBe('metals');
    expect(gradeById('nope')).toBeNull();
    expect(gradeById(null)).toBeNull();
  });

  it('finds grades by the beginnings of words of their id, code or name', () => {
    expect(gradesMatchingWords(['barley'])).toEqual(['barley']);
    expect(gradesMatchingWords(['barl'])).toEqual(['barley']);
    expect(gradesMatchingWords(['hms'])).toEqual(['hms-1', 'hms-2']);
    expect(gradesMatchingWords(['hms', '1'])).toEqual(['hms-1']);
    expect(gradesMatchingWords(['occ'])).toEqual(['occ']);
    expect(gradesMatchingWords(['pet', 'bottle'])).toEqual(['pet-bottles']);
    expect(gradesMatchingWords(['rotterdam'])).toEqual([]);
    expect(gradesMatchingWords([])).toEqual([]);
  });
});
