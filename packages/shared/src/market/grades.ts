import type { ListingCategory } from '../listings/categories.ts';

/**
 * Material grades a listing may name, per category. Metals and paper carry the ReMA (formerly ISRI)
 * specification where one applies: the code word for nonferrous metals ("Barley"), the number for
 * ferrous and paper stock grades. Plastics and textiles use the names the trade uses for bales and
 * sorts. `id` is what listings store; it never changes once published.
 */
export type MaterialGrade = {
  id: string;
  category: ListingCategory;
  /** The ReMA code word or specification number, when the grade has one. */
  code: string | null;
  name: string;
  /** One line a trader recognises the material by. */
  description: string;
};

export const MATERIAL_GRADES = [
  // Nonferrous metals: ReMA code words.
  {
    id: 'barley',
    category: 'metals',
    code: 'Barley',
    name: 'Bare bright copper wire',
    description: 'Clean, bare, uncoated, unalloyed copper wire, not smaller than 16 gauge',
  },
  {
    id: 'berry',
    category: 'metals',
    code: 'Berry',
    name: 'No. 1 copper wire',
    description: 'Clean, untinned, uncoated, unalloyed copper wire and cable, not smaller than 16 gauge',
  },
  {
    id: 'birch',
    category: 'metals',
    code: 'Birch',
    name: 'No. 2 copper wire',
    description: 'Unalloyed copper wire with a minimum 94% copper content; may be tinned or coated',
  },
  {
    id: 'candy',
    category: 'metals',
    code: 'Candy',
    name: 'No. 1 heavy copper solids and tubing',
    description: 'Clean, unalloyed, uncoated copper clippings, punchings, bus bars and tubing',
  },
  {
    id: 'cliff',
    category: 'metals',
    code: 'Cliff',
    name: 'No. 2 copper solids and tubing',
    description: 'Miscellaneous unalloyed copper scrap with a minimum 96% copper content',
  },
  {
    id: 'dream',
    category: 'metals',
    code: 'Dream',
    name: 'Light copper',
    description: 'Sheet copper, gutters, downspouts, kettles and boilers, 92% copper minimum',
  },
  {
    id: 'honey',
    category: 'metals',
    code: 'Honey',
    name: 'Yellow brass scrap',
    description: 'Mixed yellow brass solids: plumbing fixtures, castings, rod turnings free of iron',
  },
  {
    id: 'ocean',
    category: 'metals',
    code: 'Ocean',
    name: 'Mixed unsweated auto radiators',
    description: 'Copper-brass automobile radiators, free of aluminum radiators and iron',
  },
  {
    id: 'zorba',
    category: 'metals',
    code: 'Zorba',
    name: 'Shredded nonferrous scrap',
    description: 'Shredded mixed nonferrous metals from auto shredders, predominantly aluminum',
  },
  {
    id: 'taint-tabor',
    category: 'metals',
    code: 'Taint/Tabor',
    name: 'Clean mixed old alloy sheet aluminum',
    description: 'Clean old alloy sheet aluminum of two or more alloys, free of foil, cans and plastics',
  },
  {
    id: 'taldon',
    category: 'metals',
    code: 'Taldon',
    name: 'Aluminum used beverage cans (UBC)',
    description: 'Baled or loose used aluminum beverage cans, magnetically separated',
  },
  {
    id: 'tense',
    category: 'metals',
    code: 'Tense',
    name: 'Mixed aluminum castings',
    description: 'Clean aluminum castings of various alloys, free of iron, dirt, brass and babbitt',
  },
  {
    id: 'talk',
    category: 'metals',
    code: 'Talk',
    name: 'Aluminum copper radiators',
    description: 'Clean aluminum-and-copper radiators, free of brass tubing, iron and foreign matter',
  },
  // Lead: ReMA code word.
  {
    id: 'rains',
    category: 'metals',
    code: 'Rains',
    name: 'Drained whole lead batteries',
    description: 'Drained or dry whole intact lead-acid batteries, free of nickel-iron and Edison cells',
  },
  // Stainless steel: sold by alloy series.
  {
    id: 'stainless-304',
    category: 'metals',
    code: null,
    name: '304 (18-8) stainless steel solids',
    description: 'Clean 18% chromium, 8% nickel stainless solids and sheet, free of other alloys',
  },
  // Ferrous metals: ReMA specification numbers.
  {
    id: 'hms-1',
    category: 'metals',
    code: 'ReMA 200',
    name: '#1 Heavy Melting Steel',
    description: 'Wrought iron and steel scrap, 1/4 inch and over, prepared to charging-box size',
  },
  {
    id: 'hms-2',
    category: 'metals',
    code: 'ReMA 203',
    name: '#2 Heavy Melting Steel',
    description: 'Wrought iron and steel scrap, black and galvanized, 1/8 inch and over',
  },
  {
    id: 'busheling',
    category: 'metals',
    code: 'ReMA 207',
    name: '#1 Busheling',
    description: 'Clean new steel scrap: clippings, stampings and sheet, not over 12 inches',
  },
  {
    id: 'shredded-steel',
    category: 'metals',
    code: 'ReMA 210',
    name: 'Shredded scrap',
    description: 'Homogeneous iron and steel scrap, magnetically separated, from auto shredders',
  },
  {
    id: 'plate-structural',
    category: 'metals',
    code: null,
    name: 'Plate and structural',
    description: 'Cut structural and plate scrap, 3/16 inch and heavier, charging-box size',
  },
  // Paper stock: ReMA specification numbers.
  {
    id: 'occ',
    category: 'paper',
    code: 'PS 11',
    name: 'Old corrugated containers (OCC)',
    description: 'Baled corrugated containers with liners of test liner, jute or kraft',
  },
  {
    id: 'dlk',
    category: 'paper',
    code: 'PS 13',
    name: 'Double-lined kraft (DLK)',
    description: 'New corrugated cuttings and boxes with kraft liners, free of contaminants',
  },
  {
    id: 'sop',
    category: 'paper',
    code: 'PS 37',
    name: 'Sorted office paper (SOP)',
    description: 'Printed or unprinted office papers, may contain colored paper; no newsprint',
  },
  {
    id: 'onp',
    category: 'paper',
    code: null,
    name: 'Old newspapers (ONP)',
    description: 'Sorted newspapers, may contain the normal share of rotogravure and colored sections',
  },
  {
    id: 'mixed-paper',
    category: 'paper',
    code: 'PS 54',
    name: 'Mixed paper',
    description: 'A mixture of various qualities of paper not limited by fiber content',
  },
  // Plastics: bale grades as the trade names them.
  {
    id: 'pet-bottles',
    category: 'plastics',
    code: null,
    name: 'PET bottle bales',
    description: 'Post-consumer PET (#1) bottles and jars, baled, caps and labels allowed',
  },
  {
    id: 'hdpe-natural',
    category: 'plastics',
    code: null,
    name: 'HDPE natural bales',
    description: 'Unpigmented post-consumer HDPE (#2) bottles such as milk and water jugs',
  },
  {
    id: 'hdpe-mixed-color',
    category: 'plastics',
    code: null,
    name: 'HDPE mixed color bales',
    description: 'Pigmented post-consumer HDPE (#2) bottles: detergent, shampoo and similar',
  },
  {
    id: 'pp-rigid',
    category: 'plastics',
    code: null,
    name: 'PP rigid bales',
    description: 'Post-consumer polypropylene (#5) tubs, cups and containers',
  },
  {
    id: 'ldpe-film',
    category: 'plastics',
    code: null,
    name: 'LDPE film',
    description: 'Clear or mixed-color LDPE stretch and shrink film, baled',
  },
  {
    id: 'mixed-rigids',
    category: 'plastics',
    code: null,
    name: 'Mixed rigid plastics (#3-7)',
    description: 'Bulky and mixed rigid post-consumer plastics, resin codes 3 to 7',
  },
  // Textiles: sorts as the trade names them.
  {
    id: 'used-clothing-cream',
    category: 'textiles',
    code: null,
    name: 'Used clothing, cream',
    description: 'Sorted wearable used clothing of the best grade, for resale',
  },
  {
    id: 'mixed-textiles',
    category: 'textiles',
    code: null,
    name: 'Mixed post-consumer textiles',
    description: 'Unsorted post-consumer clothing and household textiles, baled',
  },
  {
    id: 'cotton-clippings',
    category: 'textiles',
    code: null,
    name: 'Post-industrial cotton clippings',
    description: 'Clean cotton cutting-room waste, sorted by color, for fiber recycling',
  },
  {
    id: 'wipers',
    category: 'textiles',
    code: null,
    name: 'Wiping rags',
    description: 'Cut absorbent cotton textiles for industrial wipers',
  },
] as const satisfies readonly MaterialGrade[];

export type MaterialGradeId = (typeof MATERIAL_GRADES)[number]['id'];
export const MATERIAL_GRADE_IDS = MATERIAL_GRADES.map((g) => g.id) as [MaterialGradeId, ...MaterialGradeId[]];

const BY_ID = new Map<string, MaterialGrade>(MATERIAL_GRADES.map((g) => [g.id, g]));

export function gradeById(id: string | null | undefined): MaterialGrade | null {
  return id ? (BY_ID.get(id) ?? null) : null;
}

export function gradesOf(category: ListingCategory): MaterialGrade[] {
  return MATERIAL_GRADES.filter((g) => g.category === category);
}

/**
 * "Barley (Bare bright copper wire)" for a code word, "#1 Heavy Melting Steel, ReMA 200" for a
 * specification number, the name alone otherwise.
 */
export function gradeLabel(grade: MaterialGrade): string {
  if (!grade.code) return grade.name;
  return /\d/.test(grade.code) ? `${grade.name}, ${grade.code}` : `${grade.code} (${grade.name})`;
}

/**
 * The grades whose id, code or name has a word starting with each of the given (lower-case) words:
 * the marketplace's text search also finds listings by grade ("barley", "hms", "occ").
 */
export function gradesMatchingWords(words: string[]): MaterialGradeId[] {
  if (words.length === 0) return [];
  return MATERIAL_GRADES.filter((g) => {
    const haystack = `${g.id} ${g.code ?? ''} ${g.name}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    return words.every((w) => haystack.some((h) => h.startsWith(w)));
  }).map((g) => g.id);
}
