import { randomUUID } from 'node:crypto';
import type { Material, Sector } from '@app/shared/catalog/catalog';
import type { CompanyType } from '@app/shared/companies/companies.schemas';
import { companies } from '../modules/companies/companies.table.ts';
import type { Db } from './client.ts';

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

/** One company per demo trader; all but one verified, so the directory shows both states. */
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
];

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
