/**
 * How far one price is from another, in words, capped so that a price typed in the wrong unit reads
 * "far above your price" instead of "45024% above your price" (issue 20, item 8). Used by match
 * reasons (web and the server's notifications and digests) and index comparisons alike.
 */

/** Beyond this many percent either way a difference is no longer a figure a trader can act on. */
export const PRICE_DIFFERENCE_CAP_PERCENT = 200;

/**
 * "6% under your price", "at your price", "far above your price": `percent` is (theirs − reference) /
 * reference × 100, `reference` names what it is compared with ("your price", "the 30-day index").
 */
export function priceDifferenceText(
  percent: number,
  reference: string,
  words: { above: string; below: string; at: string } = { above: 'above', below: 'under', at: 'at' },
): string {
  const rounded = Math.round(Math.abs(percent));
  const direction = percent < 0 ? words.below : words.above;
  if (rounded === 0) return `${words.at} ${reference}`;
  if (Math.abs(percent) > PRICE_DIFFERENCE_CAP_PERCENT) return `far ${direction} ${reference}`;
  return `${rounded}% ${direction} ${reference}`;
}

/**
 * The band a price per tonne should lie in around its grade's (or family's) index: outside it, the
 * price was most likely typed per pound instead of per tonne, or the other way round.
 */
export const PLAUSIBLE_INDEX_BAND = { minRatio: 0.2, maxRatio: 5 } as const;

/**
 * The listing form's warning beside the price: "far below the market: check the unit" under 20% of
 * the index, "far above the market: check the unit" over 500%; null inside the band or without an index.
 */
export function marketPriceWarning(
  priceCentsPerTonne: number | null,
  indexCentsPerTonne: number | null,
): string | null {
  if (!priceCentsPerTonne || !indexCentsPerTonne || priceCentsPerTonne <= 0 || indexCentsPerTonne <= 0)
    return null;
  const ratio = priceCentsPerTonne / indexCentsPerTonne;
  if (ratio < PLAUSIBLE_INDEX_BAND.minRatio) return 'far below the market: check the unit';
  if (ratio > PLAUSIBLE_INDEX_BAND.maxRatio) return 'far above the market: check the unit';
  return null;
}
