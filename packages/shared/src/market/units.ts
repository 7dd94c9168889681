import { roundHalfUp } from '../money/money.ts';

/**
 * Quantity units and their conversion, in one place. "tons" are US short tons (2,000 lb), as a US
 * scrap trader means them; "tonnes" are metric; "gross_tons" are long tons (2,240 lb), still used for
 * ferrous scrap. Pieces are never converted: a price per piece has no price per tonne.
 */
export const MASS_UNITS = ['tons', 'tonnes', 'gross_tons', 'kg', 'pounds'] as const;
export type MassUnit = (typeof MASS_UNITS)[number];
export type QuantityUnit = MassUnit | 'pieces';

/** Exact definitions: the pound is 0.45359237 kg by international agreement (1959). */
export const KG_PER_UNIT: Record<MassUnit, number> = {
  tons: 907.18474,
  tonnes: 1000,
  gross_tons: 1016.0469088,
  kg: 1,
  pounds: 0.45359237,
};

export const UNIT_LABELS: Record<QuantityUnit, { singular: string; plural: string; short: string }> = {
  tons: { singular: 'ton', plural: 'tons', short: 'ton' },
  tonnes: { singular: 'tonne', plural: 'tonnes', short: 't' },
  gross_tons: { singular: 'gross ton', plural: 'gross tons', short: 'GT' },
  kg: { singular: 'kg', plural: 'kg', short: 'kg' },
  pounds: { singular: 'pound', plural: 'pounds', short: 'lb' },
  pieces: { singular: 'piece', plural: 'pieces', short: 'pc' },
};

export function isMassUnit(unit: string): unit is MassUnit {
  return (MASS_UNITS as readonly string[]).includes(unit);
}

/** A quantity in metric tonnes, or null for pieces. */
export function toTonnes(quantity: number, unit: QuantityUnit): number | null {
  return isMassUnit(unit) ? (quantity * KG_PER_UNIT[unit]) / 1000 : null;
}

/** Metric tonnes expressed in `unit`, or null for pieces. */
export function fromTonnes(tonnes: number, unit: QuantityUnit): number | null {
  return isMassUnit(unit) ? (tonnes * 1000) / KG_PER_UNIT[unit] : null;
}

/** Converts a quantity between two mass units (null when either is pieces and they differ). */
export function convertQuantity(quantity: number, from: QuantityUnit, to: QuantityUnit): number | null {
  if (from === to) return quantity;
  const tonnes = toTonnes(quantity, from);
  return tonnes === null ? null : fromTonnes(tonnes, to);
}

/**
 * A price per `unit` as whole cents per metric tonne (rounded to the cent by the one rule), or null for pieces.
 * $400.00 per short ton is 44,092 cents per tonne.
 */
export function pricePerTonneCents(priceCentsPerUnit: number, unit: QuantityUnit): number | null {
  return isMassUnit(unit) ? roundHalfUp((priceCentsPerUnit * 1000) / KG_PER_UNIT[unit]) : null;
}

/** A price per tonne in cents expressed per `unit` (rounded to the cent), or null for pieces. */
export function pricePerUnitCents(centsPerTonne: number, unit: QuantityUnit): number | null {
  return isMassUnit(unit) ? roundHalfUp((centsPerTonne * KG_PER_UNIT[unit]) / 1000) : null;
}
