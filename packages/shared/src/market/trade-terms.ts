/** Incoterms 2020 a scrap trade uses, each with the named place it needs. */
export const INCOTERMS = ['EXW', 'FCA', 'FOB', 'CFR', 'CIF', 'DAP', 'DDP'] as const;
export type Incoterm = (typeof INCOTERMS)[number];

export const INCOTERM_INFO: Record<Incoterm, { name: string; place: string }> = {
  EXW: { name: 'Ex Works', place: 'named place of delivery (the seller’s yard)' },
  FCA: { name: 'Free Carrier', place: 'named place of delivery' },
  FOB: { name: 'Free On Board', place: 'named port of shipment' },
  CFR: { name: 'Cost and Freight', place: 'named port of destination' },
  CIF: { name: 'Cost, Insurance and Freight', place: 'named port of destination' },
  DAP: { name: 'Delivered At Place', place: 'named place of destination' },
  DDP: { name: 'Delivered Duty Paid', place: 'named place of destination' },
};

export const PACKING_TYPES = ['baled', 'loose', 'briquetted', 'bulk'] as const;
export type PackingType = (typeof PACKING_TYPES)[number];
export const PACKING_LABELS: Record<PackingType, string> = {
  baled: 'Baled',
  loose: 'Loose',
  briquetted: 'Briquetted',
  bulk: 'Bulk',
};

export const SUPPLY_FREQUENCIES = ['one_off', 'weekly', 'monthly'] as const;
export type SupplyFrequency = (typeof SUPPLY_FREQUENCIES)[number];
export const SUPPLY_FREQUENCY_LABELS: Record<SupplyFrequency, string> = {
  one_off: 'One-off',
  weekly: 'Recurring weekly',
  monthly: 'Recurring monthly',
};
