import { describe, expect, it } from 'vitest';
import { LISTING_IMAGE_SIZES, thumbnailSize } from './listings.schemas.ts';

describe('a listing photo’s thumbnail size', () => {
  it('fits the longest side in the thumbnail square and keeps the proportions', () => {
    expect(LISTING_IMAGE_SIZES.thumbnailMaxPx).toBe(400);
    expect(thumbnailSize({ width: 1600, height: 1200 })).toEqual({ width: 400, height: 300 });
    expect(thumbnailSize({ width: 900, height: 1600 })).toEqual({ width: 225, height: 400 });
  });

  it('never enlarges a photo smaller than the square', () => {
    expect(thumbnailSize({ width: 320, height: 240 })).toEqual({ width: 320, height: 240 });
  });
});
