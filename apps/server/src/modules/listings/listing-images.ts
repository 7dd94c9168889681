import { LISTING_IMAGE_SIZES, LISTING_LIMITS } from '@app/shared/listings/listings.schemas';
import { loadSharp } from '../../lib/images.ts';

/** Formats accepted for listing photos, decided from the file's bytes (sharp reads the magic numbers). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
const DISPLAY_MAX_PX = LISTING_IMAGE_SIZES.displayMaxPx;
const THUMBNAIL_MAX_PX = LISTING_IMAGE_SIZES.thumbnailMaxPx;

export type ProcessedImage = {
  display: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
};

/**
 * The format and pixel count read from the file's header only (sharp's metadata does not decode), or
 * null when the bytes are not an accepted image (whatever the name says). For an animation the pixels
 * are those of one frame, the only one kept.
 */
export async function readImageHeader(bytes: Buffer): Promise<{ format: string; pixels: number } | null> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) return null;
    return { format: meta.format, pixels: meta.width * (meta.pageHeight ?? meta.height) };
  } catch {
    return null;
  }
}

/**
 * Re-encodes to WebP at display and thumbnail sizes. Re-encoding drops EXIF and any payload hidden
 * in the original; `rotate()` applies the EXIF orientation first; an animated GIF keeps its first frame.
 */
export async function processListingImage(bytes: Buffer): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const base = sharp(bytes, { animated: false, limitInputPixels: LISTING_LIMITS.maxImagePixels }).rotate();
  const display = await base
    .clone()
    .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const thumbnail = await base
    .clone()
    .resize({ width: THUMBNAIL_MAX_PX, height: THUMBNAIL_MAX_PX, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  return { display: display.data, thumbnail, width: display.info.width, height: display.info.height };
}
