import { randomUUID } from 'node:crypto';
import type { Material, Sector } from '@app/shared/catalog/catalog';
import type { CompanyType } from '@app/shared/companies/companies.schemas';
import { checkTaxId, gstinCheckCharacter } from '@app/shared/trust/tax-ids';
import type { Db } from '../db/client.ts';
import { companies } from '../db/schema.ts';

type DemoCompany = {
  owner: string;
  companyName: string;
  description: string;
  contactEmail: string;
  phone: string;
  website: string;
  address: string;
  materials: Material[];
  companyType: CompanyType;
  sector: Sector;
  verified: boolean;
};

/** One company per demo trader, across the 13 sectors and several countries; two pending, so both states show. */
export const DEMO_COMPANIES: DemoCompany[] = [
  {
    owner: 'maria@greenloop-metals.test',
    companyName: 'GreenLoop Metals',
    description:
      'Ferrous and non-ferrous scrap processor in Porto. Shredded steel, copper wire and aluminium extrusions, sorted to ISRI grades.',
    contactEmail: 'trading@greenloop-metals.test',
    phone: '+351 22 555 0141',
    website: 'https://greenloop-metals.test',
    address: 'Rua do Porto Industrial 88, 4450-565 Matosinhos, Portugal',
    materials: ['Metals', 'Electronics'],
    companyType: 'both',
    sector: 'Metal Recycling',
    verified: true,
  },
  {
    owner: 'tom@polycycle.test',
    companyName: 'PolyCycle GmbH',
    description:
      'Washing and regranulation line for post-consumer PET and HDPE. We buy baled bottles and sell food-grade flakes.',
    contactEmail: 'einkauf@polycycle.test',
    phone: '+49 40 555 0190',
    website: 'https://polycycle.test',
    address: 'Hafenstraße 21, 20457 Hamburg, Germany',
    materials: ['Plastics'],
    companyType: 'both',
    sector: 'Plastic Recycling',
    verified: true,
  },
  {
    owner: 'priya@kaveri-fibres.test',
    companyName: 'Kaveri Fibres',
    description:
      'Sorting and shredding of post-industrial cotton and polyester cuttings into fibre for spinning and insulation.',
    contactEmail: 'sales@kaveri-fibres.test',
    phone: '+91 422 555 0107',
    website: 'https://kaveri-fibres.test',
    address: 'SIDCO Industrial Estate, Coimbatore 641021, India',
    materials: ['Textiles'],
    companyType: 'seller',
    sector: 'Textile Recycling',
    verified: true,
  },
  {
    owner: 'jonas@nordpapir.test',
    companyName: 'NordPapir AS',
    description: 'Containerboard mill buying OCC, mixed paper and sorted office paper year-round.',
    contactEmail: 'fiber@nordpapir.test',
    phone: '+47 22 55 01 33',
    website: 'https://nordpapir.test',
    address: 'Sagveien 4, 1747 Skjeberg, Norway',
    materials: ['Paper'],
    companyType: 'buyer',
    sector: 'Paper & Cardboard Recycling',
    verified: true,
  },
  {
    owner: 'lucia@andes-scrap.test',
    companyName: 'Andes Scrap SAC',
    description:
      'Collector and exporter of copper, brass and stainless scrap from mining and construction sites.',
    contactEmail: 'ventas@andes-scrap.test',
    phone: '+51 1 555 0176',
    website: 'https://andes-scrap.test',
    address: 'Av. Argentina 2150, Callao, Peru',
    materials: ['Metals', 'Construction Materials'],
    companyType: 'seller',
    sector: 'Metal Recycling',
    verified: true,
  },
  {
    owner: 'kwame@accra-plastics.test',
    companyName: 'Accra Plastics Recovery',
    description:
      'Community collection network recovering PET, HDPE and PP from Greater Accra; newly registered.',
    contactEmail: 'hello@accra-plastics.test',
    phone: '+233 30 255 0122',
    website: 'https://accra-plastics.test',
    address: 'Spintex Road, Accra, Ghana',
    materials: ['Plastics', 'Rubber'],
    companyType: 'seller',
    sector: 'Plastic Recycling',
    verified: false,
  },
  {
    owner: 'anna@voltcycle.test',
    companyName: 'VoltCycle E-Waste',
    description:
      'Certified dismantler of IT equipment and small appliances in Poznań. Circuit boards, cables and battery packs sorted for refiners.',
    contactEmail: 'recycling@voltcycle.test',
    phone: '+48 61 555 0112',
    website: 'https://voltcycle.test',
    address: 'ul. Przemysłowa 14, 61-541 Poznań, Poland',
    materials: ['Electronics', 'Metals', 'Plastics'],
    companyType: 'seller',
    sector: 'Electronic Waste (E-Waste)',
    verified: true,
  },
  {
    owner: 'diego@vidrio-claro.test',
    companyName: 'Vidrio Claro',
    description:
      'Glass cullet processor in Monterrey: colour-sorted flint, amber and green cullet for container and fibreglass furnaces.',
    contactEmail: 'ventas@vidrio-claro.test',
    phone: '+52 81 5550 0133',
    website: 'https://vidrio-claro.test',
    address: 'Av. Industrial 450, 64000 Monterrey, Mexico',
    materials: ['Glass'],
    companyType: 'both',
    sector: 'Glass Recycling',
    verified: true,
  },
  {
    owner: 'sam@solidbase-aggregates.test',
    companyName: 'SolidBase Aggregates',
    description:
      'Crushing and screening of concrete, brick and asphalt from demolition sites into certified recycled aggregates.',
    contactEmail: 'orders@solidbase-aggregates.test',
    phone: '+44 121 555 0178',
    website: 'https://solidbase-aggregates.test',
    address: 'Unit 7, Tyseley Industrial Park, Birmingham B11 2AA, United Kingdom',
    materials: ['Construction Materials', 'Metals', 'Wood'],
    companyType: 'seller',
    sector: 'Construction & Demolition Waste',
    verified: true,
  },
  {
    owner: 'lena@greenharvest-compost.test',
    companyName: 'GreenHarvest Compost',
    description:
      'In-vessel composting of food and garden waste from retailers and municipalities; we take source-separated organics by the truckload.',
    contactEmail: 'intake@greenharvest-compost.test',
    phone: '+49 89 555 0164',
    website: 'https://greenharvest-compost.test',
    address: 'Gewerbering 3, 85748 Garching, Germany',
    materials: ['Food Waste', 'Wood'],
    companyType: 'buyer',
    sector: 'Organic Waste & Composting',
    verified: true,
  },
  {
    owner: 'marcus@tread-again.test',
    companyName: 'TreadAgain Rubber',
    description:
      'End-of-life tyre collection and crumb rubber production for sports surfaces and moulded goods across Ontario.',
    contactEmail: 'sales@tread-again.test',
    phone: '+1 905 555 0147',
    website: 'https://tread-again.test',
    address: '1200 Industrial Pkwy, Hamilton, ON L8W 3N5, Canada',
    materials: ['Rubber', 'Metals', 'Textiles'],
    companyType: 'both',
    sector: 'Rubber & Tire Recycling',
    verified: true,
  },
  {
    owner: 'yuki@kanto-solvents.test',
    companyName: 'Kanto Solvent Recovery',
    description:
      'Distillation of spent industrial solvents (acetone, IPA, MEK) back to specification, with full chain-of-custody documents.',
    contactEmail: 'info@kanto-solvents.test',
    phone: '+81 48 555 0193',
    website: 'https://kanto-solvents.test',
    address: '3-12 Minami-ku, Saitama 336-0017, Japan',
    materials: ['Chemicals'],
    companyType: 'both',
    sector: 'Chemical Waste Processing',
    verified: true,
  },
  {
    owner: 'omar@gulf-industrial.test',
    companyName: 'Gulf Industrial Services',
    description:
      'Industrial waste contracts for refineries and plants in Jebel Ali: segregation on site, baling and export of recyclable fractions.',
    contactEmail: 'contracts@gulf-industrial.test',
    phone: '+971 4 555 0125',
    website: 'https://gulf-industrial.test',
    address: 'Plot S20119, Jebel Ali Free Zone, Dubai, United Arab Emirates',
    materials: ['Metals', 'Plastics', 'Paper', 'Chemicals'],
    companyType: 'seller',
    sector: 'Industrial Waste Management',
    verified: false,
  },
  {
    owner: 'claire@metro-mrf.test',
    companyName: 'Metro MRF Lyon',
    description:
      'Materials recovery facility sorting household packaging for the Lyon metropolitan area; regular outputs of PET, HDPE, aluminium cans and mixed paper.',
    contactEmail: 'commercial@metro-mrf.test',
    phone: '+33 4 55 50 01 86',
    website: 'https://metro-mrf.test',
    address: '12 Rue de l’Industrie, 69200 Vénissieux, France',
    materials: ['Plastics', 'Metals', 'Paper', 'Glass'],
    companyType: 'seller',
    sector: 'Municipal Waste Processing',
    verified: true,
  },
  {
    owner: 'ben@timberloop.test',
    companyName: 'TimberLoop Pallets',
    description:
      'Pallet repair and wood waste recovery in Atlanta; we buy broken pallets and sell repaired stock and clean wood chips.',
    contactEmail: 'hello@timberloop.test',
    phone: '+1 404 555 0158',
    website: 'https://timberloop.test',
    address: '2150 Marietta Blvd NW, Atlanta, GA 30318, United States',
    materials: ['Wood'],
    companyType: 'both',
    sector: 'Other',
    verified: true,
  },
];

/**
 * Each demo company's country and tax id, in its country's format (the demo's verified companies were
 * verified before documents were required: they keep the badge and show no document).
 */
export const DEMO_TAX_IDS: Record<string, [country: string, taxId: string]> = {
  'maria@greenloop-metals.test': ['PT', 'PT509876543'],
  'tom@polycycle.test': ['DE', 'DE123456789'],
  'priya@kaveri-fibres.test': ['IN', `33AABCK1234F1Z${gstinCheckCharacter('33AABCK1234F1Z')}`],
  'jonas@nordpapir.test': ['NO', '923456789'],
  'lucia@andes-scrap.test': ['PE', '20512345678'],
  'kwame@accra-plastics.test': ['GH', 'C0012345678'],
  'anna@voltcycle.test': ['PL', 'PL7781234567'],
  'diego@vidrio-claro.test': ['MX', 'VCL0101011A2'],
  'sam@solidbase-aggregates.test': ['GB', 'GB980780684'],
  'lena@greenharvest-compost.test': ['DE', 'DE811907980'],
  'marcus@tread-again.test': ['CA', '123456789RT0001'],
  'yuki@kanto-solvents.test': ['JP', 'T1234567890123'],
  'omar@gulf-industrial.test': ['AE', '100123456700003'],
  'claire@metro-mrf.test': ['FR', 'FR40303265045'],
  'ben@timberloop.test': ['US', '58-1234567'],
};

/** The stored form of a demo company's tax id (none if its format were wrong: seed.test.ts checks). */
function demoTaxFacts(owner: string): { country: string | null; taxId: string | null } {
  const facts = DEMO_TAX_IDS[owner];
  if (!facts) return { country: null, taxId: null };
  const check = checkTaxId(facts[0], facts[1]);
  return { country: facts[0], taxId: check.ok ? check.normalised : null };
}

/** Inserts the demo companies for the traders in `userIds` (email → id). */
export async function seedDemoCompanies(db: Db, userIds: Map<string, string>, now: Date): Promise<void> {
  const rows = DEMO_COMPANIES.flatMap((c, i) => {
    const userId = userIds.get(c.owner);
    if (!userId) return [];
    // Spread the creation times so "newest first" has a stable, believable order.
    const createdAt = new Date(now.getTime() - (DEMO_COMPANIES.length - i) * 86_400_000);
    const { owner: _owner, ...fields } = c;
    return [
      {
        ...fields,
        ...demoTaxFacts(c.owner),
        id: randomUUID(),
        userId,
        verifiedAt: c.verified ? createdAt : null,
        verifiedByAdminEmail: c.verified ? 'admin@recytrade.test' : null,
        createdAt,
        updatedAt: createdAt,
      },
    ];
  });
  if (rows.length) await db.insert(companies).values(rows);
}
