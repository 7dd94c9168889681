/** The material categories of the specification; grades (market/grades.ts) belong to one each. */
export const LISTING_CATEGORIES = ['textiles', 'metals', 'plastics', 'paper'] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];
