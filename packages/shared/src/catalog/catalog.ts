/** Reference lists of the specification, shared by forms, filters and server validation. */

export const SECTORS = [
  'Metal Recycling',
  'Plastic Recycling',
  'Paper & Cardboard Recycling',
  'Electronic Waste (E-Waste)',
  'Textile Recycling',
  'Glass Recycling',
  'Construction & Demolition Waste',
  'Organic Waste & Composting',
  'Rubber & Tire Recycling',
  'Chemical Waste Processing',
  'Industrial Waste Management',
  'Municipal Waste Processing',
  'Other',
] as const;
export type Sector = (typeof SECTORS)[number];

export const MATERIALS = [
  'Textiles',
  'Metals',
  'Plastics',
  'Paper',
  'Glass',
  'Electronics',
  'Rubber',
  'Wood',
  'Chemicals',
  'Food Waste',
  'Construction Materials',
] as const;
export type Material = (typeof MATERIALS)[number];

export const PRODUCT_NAME = 'Recytrade';
