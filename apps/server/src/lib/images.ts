import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, imported at the first image rather than at start (libvips and its threads stay out of a server
 * that handles no image), without libvips' operation cache: every upload is a different image, so the
 * cache only held up to 50 MB of native memory after the first ones.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
