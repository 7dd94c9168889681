/** The marketplace search mix: browsing, a word, a partial word, filters, sorts, deep-ish pages. */
export const SEARCH_MIX = [
  '',
  'q=copper',
  'q=bales&category=paper',
  'q=corrug',
  'q=PET flakes&sort=price_asc',
  'category=metals&sort=price_desc',
  'type=buy&category=plastics',
  'minPrice=100&maxPrice=400&unit=tons',
  'location=rotterdam',
  'q=denim&location=chennai',
  'availability=immediate&minQuantity=1000&sort=quantity_desc',
  'q=steel&type=sell&page=3',
  'category=textiles&page=5',
  'q=washed HDPE regrind',
];

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
