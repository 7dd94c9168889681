import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  ListingAvailability,
  ListingCategory,
  ListingType,
  ListingUnit,
} from '@app/shared/listings/listings.schemas';
import type { MaterialGradeId } from '@app/shared/market/grades';
import type { Incoterm, PackingType, SupplyFrequency } from '@app/shared/market/trade-terms';
import { pricePerTonneCents, toTonnes } from '@app/shared/market/units';
import type { Db } from '../db/client.ts';
import { listingImages, listings } from '../db/schema.ts';
import { loadSharp } from '../lib/images.ts';
import type { Storage } from '../lib/storage.ts';
import { geocodeLocation } from '../modules/market/index.ts';

type DemoListing = {
  owner: string;
  type: ListingType;
  category: ListingCategory;
  title: string;
  description: string;
  price: number;
  unit: ListingUnit;
  quantity: number;
  location: string;
  availability: ListingAvailability;
  featured?: boolean;
  pending?: boolean;
  grade?: MaterialGradeId;
  /** "FOB Rotterdam": the term and its named place. */
  terms?: [Incoterm, string];
  packing?: PackingType;
  supply?: SupplyFrequency;
};

const M = 'maria@greenloop-metals.test';
const T = 'tom@polycycle.test';
const P = 'priya@kaveri-fibres.test';
const J = 'jonas@nordpapir.test';
const L = 'lucia@andes-scrap.test';
const K = 'kwame@accra-plastics.test';

/** ~30 believable offers and requests across the four categories, at market-like prices per unit. */
export const DEMO_LISTINGS: DemoListing[] = [
  {
    owner: M,
    type: 'sell',
    category: 'metals',
    title: 'Copper #2 "Birch/Cliff" wire',
    description:
      'Mixed #2 copper wire and tubing, min. 94% Cu, free of excessive solder and paint. Baled or boxed.',
    price: 3.4,
    unit: 'pounds',
    quantity: 40000,
    location: 'Rotterdam, Netherlands',
    availability: 'immediate',
    grade: 'birch',
    terms: ['FOB', 'Rotterdam'],
    packing: 'baled',
    supply: 'monthly',
    featured: true,
  },
  {
    owner: M,
    type: 'sell',
    category: 'metals',
    title: 'HMS 1&2 (80:20) heavy melting steel',
    description:
      'Heavy melting scrap 80:20, prepared to 1.5 m x 0.6 m, suitable for EAF. Loaded on 40ft containers.',
    price: 310,
    unit: 'tons',
    quantity: 500,
    location: 'Rotterdam, Netherlands',
    availability: '1-week',
    grade: 'hms-1',
    terms: ['FOB', 'Rotterdam'],
    packing: 'bulk',
    featured: true,
  },
  {
    owner: M,
    type: 'sell',
    category: 'metals',
    title: 'Aluminium UBC bales (Taldack)',
    description: 'Used beverage cans, baled to ISRI Taldack, density 30 lb/ft3, dry and free of plastics.',
    price: 0.72,
    unit: 'pounds',
    quantity: 60000,
    location: 'Antwerp, Belgium',
    availability: '2-weeks',
    grade: 'taldon',
    terms: ['FCA', 'Antwerp'],
    packing: 'baled',
    supply: 'monthly',
  },
  {
    owner: M,
    type: 'buy',
    category: 'metals',
    title: 'Wanted: brass honey (yellow brass scrap)',
    description: 'Buying clean yellow brass scrap, regular monthly volumes. Payment by escrow on arrival.',
    price: 2.15,
    unit: 'pounds',
    quantity: 20000,
    location: 'Rotterdam, Netherlands',
    availability: 'flexible',
    grade: 'honey',
    terms: ['DAP', 'Rotterdam'],
    packing: 'loose',
    supply: 'monthly',
  },
  {
    owner: L,
    type: 'sell',
    category: 'metals',
    title: 'Stainless steel 304 solids',
    description: '304 stainless solids, turnings excluded, analysed lots with certificate. FOB Callao.',
    price: 1150,
    unit: 'tons',
    quantity: 80,
    location: 'Lima, Peru',
    availability: '1-month',
    grade: 'stainless-304',
  },
  {
    owner: L,
    type: 'sell',
    category: 'metals',
    title: 'Shredded steel scrap (PNS 211)',
    description: 'Prime shredded steel, magnetically separated, low copper content, bulk vessel loads.',
    price: 295,
    unit: 'tons',
    quantity: 5000,
    location: 'Santiago, Chile',
    availability: '2-weeks',
    grade: 'shredded-steel',
    terms: ['FOB', 'San Antonio'],
    packing: 'bulk',
  },
  {
    owner: L,
    type: 'buy',
    category: 'metals',
    title: 'Buying lead acid batteries',
    description: 'Looking for drained automotive lead acid batteries (RAINS), licensed transport required.',
    price: 0.38,
    unit: 'pounds',
    quantity: 100000,
    location: 'Lima, Peru',
    availability: 'flexible',
    grade: 'rains',
  },
  {
    owner: T,
    type: 'sell',
    category: 'plastics',
    title: 'PET bottle bales, clear, 95% purity',
    description: 'Post-consumer clear PET bottles, baled, caps and labels on, from municipal collection.',
    price: 0.18,
    unit: 'pounds',
    quantity: 80000,
    location: 'Hamburg, Germany',
    availability: 'immediate',
    grade: 'pet-bottles',
    terms: ['FCA', 'Hamburg'],
    packing: 'baled',
    supply: 'weekly',
    featured: true,
  },
  {
    owner: T,
    type: 'sell',
    category: 'plastics',
    title: 'HDPE natural regrind (milk bottles)',
    description: 'Washed and ground natural HDPE from milk bottles, 10 mm flake, bulk bags of 1 ton.',
    price: 820,
    unit: 'tons',
    quantity: 60,
    location: 'Hamburg, Germany',
    availability: '1-week',
    grade: 'hdpe-natural',
    terms: ['EXW', 'Hamburg'],
    packing: 'bulk',
  },
  {
    owner: T,
    type: 'sell',
    category: 'plastics',
    title: 'LDPE film 98/2 bales',
    description: 'Clear LDPE stretch film 98/2, from distribution centres, dry and baled.',
    price: 410,
    unit: 'tons',
    quantity: 120,
    location: 'Bremen, Germany',
    availability: '2-weeks',
    grade: 'ldpe-film',
    terms: ['FCA', 'Bremen'],
    packing: 'baled',
    supply: 'monthly',
  },
  {
    owner: T,
    type: 'buy',
    category: 'plastics',
    title: 'Wanted: PP mixed colour regrind',
    description: 'Buying polypropylene regrind from crates and caps, mixed colours, MFI 8–20.',
    price: 520,
    unit: 'tons',
    quantity: 200,
    location: 'Hamburg, Germany',
    availability: 'flexible',
  },
  {
    owner: K,
    type: 'sell',
    category: 'plastics',
    title: 'PET flakes, hot washed',
    description: 'Hot-washed PET flakes, PVC < 50 ppm, suitable for fibre and strapping.',
    price: 0.42,
    unit: 'pounds',
    quantity: 50000,
    location: 'Accra, Ghana',
    availability: '1-month',
  },
  {
    owner: K,
    type: 'sell',
    category: 'plastics',
    title: 'HDPE drums, baled',
    description: 'Blue HDPE chemical drums, triple rinsed, baled. Export documentation available.',
    price: 260,
    unit: 'tons',
    quantity: 40,
    location: 'Tema, Ghana',
    availability: '2-weeks',
    grade: 'hdpe-mixed-color',
    packing: 'baled',
  },
  {
    owner: K,
    type: 'buy',
    category: 'plastics',
    title: 'Buying post-consumer PET bottles',
    description: 'Regular demand for loose or baled PET bottles, collection from your yard possible.',
    price: 0.12,
    unit: 'kg',
    quantity: 30000,
    location: 'Accra, Ghana',
    availability: 'immediate',
    grade: 'pet-bottles',
    terms: ['DAP', 'Accra'],
    packing: 'loose',
    supply: 'weekly',
    pending: true,
  },
  {
    owner: J,
    type: 'sell',
    category: 'paper',
    title: 'OCC 11 bales (old corrugated containers)',
    description: 'Old corrugated cardboard, grade 1.05, baled, < 10% moisture, from retail back-of-store.',
    price: 95,
    unit: 'tons',
    quantity: 300,
    location: 'Oslo, Norway',
    availability: 'immediate',
    grade: 'occ',
    terms: ['FOB', 'Oslo'],
    packing: 'baled',
    supply: 'monthly',
    featured: true,
  },
  {
    owner: J,
    type: 'sell',
    category: 'paper',
    title: 'Sorted office paper (SOP)',
    description: 'White and coloured office paper, shredded and baled, grade 2.05.',
    price: 180,
    unit: 'tons',
    quantity: 90,
    location: 'Gothenburg, Sweden',
    availability: '1-week',
    grade: 'sop',
    terms: ['EXW', 'Gothenburg'],
    packing: 'baled',
  },
  {
    owner: J,
    type: 'sell',
    category: 'paper',
    title: 'Double-lined kraft cuttings (DLK)',
    description: 'New double-lined kraft corrugated cuttings from box plants, grade 4.01.',
    price: 140,
    unit: 'tons',
    quantity: 150,
    location: 'Oslo, Norway',
    availability: '2-weeks',
    grade: 'dlk',
    terms: ['FCA', 'Oslo'],
    packing: 'baled',
    supply: 'monthly',
  },
  {
    owner: J,
    type: 'buy',
    category: 'paper',
    title: 'Wanted: mixed paper 1.02',
    description: 'Buying mixed paper and board, sorted, baled. Delivered to our mill in Norway.',
    price: 55,
    unit: 'tons',
    quantity: 1000,
    location: 'Halden, Norway',
    availability: 'flexible',
    grade: 'mixed-paper',
    terms: ['DAP', 'Halden'],
    packing: 'baled',
    supply: 'weekly',
  },
  {
    owner: M,
    type: 'sell',
    category: 'paper',
    title: 'Newspapers and magazines (ONP 8)',
    description: 'Over-issue newspapers and magazines, free of glossy inserts above 10%.',
    price: 110,
    unit: 'tons',
    quantity: 70,
    location: 'Antwerp, Belgium',
    availability: '1-month',
    grade: 'onp',
    packing: 'baled',
  },
  {
    owner: L,
    type: 'sell',
    category: 'paper',
    title: 'Kraft multiwall sacks, baled',
    description: 'Used cement and flour kraft sacks, shaken out, baled, suitable for pulping.',
    price: 75,
    unit: 'tons',
    quantity: 45,
    location: 'Santiago, Chile',
    availability: '2-weeks',
    pending: true,
  },
  {
    owner: P,
    type: 'sell',
    category: 'textiles',
    title: 'Post-consumer textiles, unsorted (cream)',
    description: 'Original post-consumer clothing from collection banks, unsorted, in 500 kg bales.',
    price: 0.25,
    unit: 'kg',
    quantity: 40000,
    location: 'Chennai, India',
    availability: 'immediate',
    grade: 'mixed-textiles',
    terms: ['FOB', 'Chennai'],
    packing: 'baled',
    featured: true,
  },
  {
    owner: P,
    type: 'sell',
    category: 'textiles',
    title: 'Cotton cutting waste, white',
    description: '100% cotton pre-consumer cuttings from garment factories, white, for recycled yarn.',
    price: 0.6,
    unit: 'kg',
    quantity: 15000,
    location: 'Tiruppur, India',
    availability: '1-week',
    grade: 'cotton-clippings',
    terms: ['EXW', 'Tiruppur'],
    packing: 'baled',
    supply: 'monthly',
  },
  {
    owner: P,
    type: 'sell',
    category: 'textiles',
    title: 'Denim cuttings, indigo',
    description: 'Pre-consumer denim cuttings, sorted by shade, baled, ideal for mechanical recycling.',
    price: 0.45,
    unit: 'kg',
    quantity: 20000,
    location: 'Tiruppur, India',
    availability: '2-weeks',
  },
  {
    owner: P,
    type: 'buy',
    category: 'textiles',
    title: 'Wanted: polyester fibre waste',
    description: 'Buying polyester fibre and yarn waste, any colour, for regenerated staple fibre.',
    price: 0.3,
    unit: 'kg',
    quantity: 25000,
    location: 'Chennai, India',
    availability: 'flexible',
  },
  {
    owner: K,
    type: 'sell',
    category: 'textiles',
    title: 'Wiping rags, cotton, graded',
    description: 'Cotton T-shirt wiping rags, cut and graded, 10 kg cartons, lint-free.',
    price: 1.1,
    unit: 'kg',
    quantity: 5000,
    location: 'Accra, Ghana',
    availability: 'immediate',
    grade: 'wipers',
    packing: 'baled',
  },
  {
    owner: T,
    type: 'buy',
    category: 'textiles',
    title: 'Buying sorted wool jumpers',
    description: 'Looking for sorted wool knitwear, by colour, for mechanical recycling in Prato.',
    price: 1.6,
    unit: 'kg',
    quantity: 8000,
    location: 'Prato, Italy',
    availability: '1-month',
  },
  {
    owner: J,
    type: 'sell',
    category: 'textiles',
    title: 'Workwear, industrial laundry returns',
    description: 'Retired polycotton workwear from industrial laundries, zips and buttons removed.',
    price: 0.2,
    unit: 'kg',
    quantity: 12000,
    location: 'Oslo, Norway',
    availability: '2-weeks',
  },
  {
    owner: L,
    type: 'sell',
    category: 'textiles',
    title: 'Mattress felt and fibre',
    description: 'Recovered mattress felt and fibre, compressed bales, for insulation felts.',
    price: 95,
    unit: 'tons',
    quantity: 30,
    location: 'Lima, Peru',
    availability: 'flexible',
  },
  {
    owner: M,
    type: 'sell',
    category: 'metals',
    title: 'Insulated copper cable 60%',
    description: 'Mixed insulated copper cable, 60% recovery, no telecom cable, in big bags.',
    price: 1.85,
    unit: 'pounds',
    quantity: 25000,
    location: 'Antwerp, Belgium',
    availability: 'immediate',
    terms: ['EXW', 'Antwerp'],
    packing: 'loose',
  },
  {
    owner: K,
    type: 'buy',
    category: 'metals',
    title: 'Wanted: aluminium extrusions 6063',
    description: 'Buying clean 6063 extrusion scrap, unpainted, free of thermal breaks.',
    price: 1.05,
    unit: 'pounds',
    quantity: 30000,
    location: 'Tema, Ghana',
    availability: 'flexible',
  },
  // Buy and sell listings of the same grades, quantities that overlap and prices within 10% per tonne,
  // so matching and the price index have something to show from the first start.
  {
    owner: L,
    type: 'sell',
    category: 'metals',
    title: 'Bare bright copper wire (Barley)',
    description:
      'Bare bright copper wire, 16 gauge and heavier, stripped, no tin, no burnt wire. Loaded in boxes.',
    price: 3.95,
    unit: 'pounds',
    quantity: 30000,
    location: 'Chicago, USA',
    availability: 'immediate',
    grade: 'barley',
    terms: ['FCA', 'Chicago'],
    packing: 'loose',
    supply: 'monthly',
  },
  {
    owner: M,
    type: 'buy',
    category: 'metals',
    title: 'Wanted: bare bright copper (Barley)',
    description: 'Buying Barley for our refinery partner, 10 to 15 t a month, paid by escrow on arrival.',
    price: 3.85,
    unit: 'pounds',
    quantity: 25000,
    location: 'Rotterdam, Netherlands',
    availability: 'flexible',
    grade: 'barley',
    terms: ['CIF', 'Rotterdam'],
    supply: 'monthly',
  },
  {
    owner: T,
    type: 'sell',
    category: 'metals',
    title: 'Barley copper, 20 t from demolition',
    description: 'Bright copper wire from a demolition contract, clean and sorted, ready for export.',
    price: 8600,
    unit: 'tonnes',
    quantity: 20,
    location: 'Houston, USA',
    availability: '1-week',
    grade: 'barley',
    terms: ['FOB', 'Houston'],
    packing: 'loose',
  },
  {
    owner: J,
    type: 'buy',
    category: 'metals',
    title: 'Wanted: UBC bales (Taldon), monthly',
    description: 'Buying baled used beverage cans for remelt, 15 to 25 t a month, magnetically separated.',
    price: 0.7,
    unit: 'pounds',
    quantity: 40000,
    location: 'Hamburg, Germany',
    availability: 'flexible',
    grade: 'taldon',
    terms: ['DAP', 'Hamburg'],
    packing: 'baled',
    supply: 'monthly',
  },
  {
    owner: L,
    type: 'sell',
    category: 'metals',
    title: 'Aluminum UBC (Taldon), baled',
    description: 'Used beverage cans, baled, dry, free of plastics and steel cans. Weekly truckloads.',
    price: 0.68,
    unit: 'pounds',
    quantity: 38000,
    location: 'Chicago, USA',
    availability: 'immediate',
    grade: 'taldon',
    terms: ['FCA', 'Chicago'],
    packing: 'baled',
    supply: 'weekly',
  },
  {
    owner: P,
    type: 'buy',
    category: 'paper',
    title: 'Buying OCC 11 bales',
    description: 'Mill buyer for baled OCC, max. 5% outthrows, up to 500 t a month, delivered.',
    price: 100,
    unit: 'tonnes',
    quantity: 500,
    location: 'Rotterdam, Netherlands',
    availability: 'flexible',
    grade: 'occ',
    terms: ['CFR', 'Rotterdam'],
    packing: 'baled',
    supply: 'monthly',
  },
  {
    owner: L,
    type: 'sell',
    category: 'paper',
    title: 'OCC bales from retail back-haul',
    description: 'Baled corrugated from supermarket back-haul, dry, stored under roof. 1,000 tons a month.',
    price: 98,
    unit: 'tons',
    quantity: 1000,
    location: 'Houston, USA',
    availability: 'immediate',
    grade: 'occ',
    terms: ['FOB', 'Houston'],
    packing: 'baled',
    supply: 'monthly',
  },
  {
    owner: M,
    type: 'buy',
    category: 'plastics',
    title: 'Wanted: PET bottle bales, clear',
    description: 'Buying post-consumer PET bottle bales for our wash line, clear or light blue, 40 t loads.',
    price: 380,
    unit: 'tonnes',
    quantity: 40,
    location: 'Rotterdam, Netherlands',
    availability: 'flexible',
    grade: 'pet-bottles',
    terms: ['DAP', 'Rotterdam'],
    packing: 'baled',
    supply: 'weekly',
  },
  {
    owner: K,
    type: 'sell',
    category: 'plastics',
    title: 'PET bottle bales, curbside',
    description: 'Curbside PET bottle bales, 90% bottles, caps on, from a municipal sorting plant.',
    price: 0.17,
    unit: 'pounds',
    quantity: 60000,
    location: 'Chicago, USA',
    availability: '2-weeks',
    grade: 'pet-bottles',
    terms: ['FCA', 'Chicago'],
    packing: 'baled',
    supply: 'monthly',
  },
  {
    owner: L,
    type: 'buy',
    category: 'metals',
    title: 'Buying HMS 1 for our EAF',
    description:
      'Electric arc furnace buyer for #1 heavy melting steel, cut to charge-box size, bulk vessels.',
    price: 335,
    unit: 'tonnes',
    quantity: 1000,
    location: 'Houston, USA',
    availability: 'flexible',
    grade: 'hms-1',
    terms: ['CFR', 'Houston'],
    packing: 'bulk',
    supply: 'monthly',
  },
  {
    owner: T,
    type: 'sell',
    category: 'metals',
    title: 'HMS 1 heavy melting steel, bulk',
    description: '#1 heavy melting steel from shipbreaking, prepared to 1.5 x 0.5 m, for bulk loading.',
    price: 330,
    unit: 'gross_tons',
    quantity: 2000,
    location: 'Hamburg, Germany',
    availability: '1-week',
    grade: 'hms-1',
    terms: ['FOB', 'Hamburg'],
    packing: 'bulk',
  },
];

const PALETTES: Record<ListingCategory, [string, string, string]> = {
  metals: ['#b87333', '#8c5a2b', '#e0a96d'],
  plastics: ['#4f9dd9', '#cfe8f7', '#2a6fa8'],
  paper: ['#b08d57', '#8a6a3d', '#d7c09a'],
  textiles: ['#7a5c8e', '#c9a7d8', '#4e3b5c'],
};

/** A simple material texture (bales, flakes, fibres) drawn as SVG: no network, deterministic. */
function textureSvg(category: ListingCategory, seed: number): string {
  const [base, dark, light] = PALETTES[category];
  let x = seed * 9301 + 49297;
  const rnd = () => {
    x = (x * 9301 + 49297) % 233280;
    return x / 233280;
  };
  const shapes: string[] = [];
  for (let i = 0; i < 70; i++) {
    const cx = Math.round(rnd() * 800);
    const cy = Math.round(rnd() * 600);
    const fill = rnd() > 0.5 ? dark : light;
    if (category === 'textiles' || category === 'metals')
      shapes.push(
        `<path d="M${cx} ${cy} q ${Math.round(rnd() * 120 - 60)} ${Math.round(rnd() * 120 - 60)} ${Math.round(rnd() * 200 - 100)} ${Math.round(rnd() * 60)}" stroke="${fill}" stroke-width="${2 + Math.round(rnd() * 8)}" fill="none" opacity="0.8"/>`,
      );
    else
      shapes.push(
        `<rect x="${cx}" y="${cy}" width="${20 + Math.round(rnd() * 90)}" height="${10 + Math.round(rnd() * 50)}" fill="${fill}" opacity="0.75" transform="rotate(${Math.round(rnd() * 60 - 30)} ${cx} ${cy})"/>`,
      );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${base}"/>${shapes.join('')}</svg>`;
}

const DEMO_PHOTO_CACHE = path.join(tmpdir(), 'recytrade-demo-photos');

/**
 * A demo photo at display and thumbnail size, rendered once per machine: sharp takes seconds for the
 * demo's photos on a busy machine, and every new data directory seeds the same ones. The files are
 * named by the drawing and the encoding, so a changed drawing renders anew; when the cache cannot be
 * written the photo is rendered each time.
 */
async function renderDemoPhoto(svg: string): Promise<{ display: Buffer; thumbnail: Buffer }> {
  const key = createHash('sha256').update(`webp 70, 400x300 webp 65\n${svg}`).digest('hex').slice(0, 24);
  const [displayFile, thumbnailFile] = [`${key}.webp`, `${key}_thumb.webp`].map((name) =>
    path.join(DEMO_PHOTO_CACHE, name),
  );
  try {
    const [display, thumbnail] = await Promise.all([readFile(displayFile), readFile(thumbnailFile)]);
    return { display, thumbnail };
  } catch {
    // Not rendered on this machine yet.
  }
  const sharp = await loadSharp();
  const img = sharp(Buffer.from(svg));
  const [display, thumbnail] = await Promise.all([
    img.clone().webp({ quality: 70 }).toBuffer(),
    img.clone().resize(400, 300).webp({ quality: 65 }).toBuffer(),
  ]);
  try {
    await mkdir(DEMO_PHOTO_CACHE, { recursive: true });
    // Each file is written beside its name and renamed into place: a concurrent seed never reads half of one.
    for (const [file, bytes] of [
      [thumbnailFile, thumbnail],
      [displayFile, display],
    ] as const) {
      const partial = `${file}.${randomUUID()}`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    }
  } catch {
    // A read-only temporary directory: rendered again next time.
  }
  return { display, thumbnail };
}

/** Inserts the demo listings with generated photos; `userIds` maps demo emails to user ids. */
export async function seedDemoListings(db: Db, storage: Storage, userIds: Map<string, string>, now: Date) {
  const rendered = await Promise.all(
    DEMO_LISTINGS.map((demo, i) => renderDemoPhoto(textureSvg(demo.category, i + 1))),
  );
  const rows = DEMO_LISTINGS.map((demo, i) => {
    const userId = userIds.get(demo.owner);
    if (!userId) throw new Error(`No demo user ${demo.owner}`);
    const createdAt = new Date(now.getTime() - i * 7 * 3_600_000);
    // Geocoded here, as a listing is when posted, so the demo leaves nothing to the geocoding backlog.
    const place = geocodeLocation(demo.location);
    return {
      id: randomUUID(),
      userId,
      type: demo.type,
      title: demo.title,
      description: demo.description,
      category: demo.category,
      quantity: demo.quantity,
      unit: demo.unit,
      priceCents: Math.round(demo.price * 100),
      location: demo.location,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      geocodedPlace: place?.place ?? null,
      geocodedAt: createdAt,
      availability: demo.availability,
      grade: demo.grade ?? null,
      incoterm: demo.terms?.[0] ?? null,
      incotermPlace: demo.terms?.[1] ?? null,
      packing: demo.packing ?? null,
      supplyFrequency: demo.supply ?? 'one_off',
      quantityTonnes: toTonnes(demo.quantity, demo.unit),
      pricePerTonneCents: pricePerTonneCents(Math.round(demo.price * 100), demo.unit),
      status: 'active' as const,
      approvalStatus: demo.pending ? ('pending' as const) : ('approved' as const),
      isFeatured: Boolean(demo.featured),
      featuredUntil: demo.featured ? new Date(now.getTime() + 7 * 86_400_000) : null,
      views: (i * 37) % 240,
      inquiries: (i * 7) % 15,
      createdAt,
      updatedAt: createdAt,
      // Demo listings do not expire, so the market stays believable however long the demo runs.
      expiresAt: null,
      createdMonth: createdAt.getUTCMonth() + 1,
      createdYear: createdAt.getUTCFullYear(),
    };
  });
  await db.insert(listings).values(rows);
  const images = await Promise.all(
    rows.map(async (row, i) => {
      const id = randomUUID();
      const displayKey = `listings/${row.userId}/${id}.webp`;
      const thumbnailKey = `listings/${row.userId}/${id}_thumb.webp`;
      await storage.put(displayKey, rendered[i].display, 'image/webp');
      await storage.put(thumbnailKey, rendered[i].thumbnail, 'image/webp');
      return {
        id,
        userId: row.userId,
        listingId: row.id,
        position: 0,
        displayKey,
        thumbnailKey,
        width: 800,
        height: 600,
      };
    }),
  );
  await db.insert(listingImages).values(images);
  return rows.length;
}
