import { randomUUID } from 'node:crypto';
import {
  LISTING_LIMITS,
  LISTING_MESSAGES,
  type ListingImage,
  UPLOAD_MESSAGES,
} from '@app/shared/listings/listings.schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ListingContext } from './listing-context.ts';
import { processListingImage, readImageHeader } from './listing-images.ts';
import { toImageView } from './listing-views.ts';
import {
  deleteUnattachedImages,
  findImages,
  insertImage,
  type ListingImageRow,
} from './listings.repository.ts';

const UPLOAD_RETENTION_MS = 86_400_000;
const IMAGES_NOT_FOUND = 'Some images could not be found. Please upload them again.';

/**
 * Listing photos: uploads re-encoded and stored before any listing names them, claimed by the
 * listing that does, their files removed with them, and uploads no listing claimed purged after a day.
 */
export function createListingUploads(ctx: Pick<ListingContext, 'db' | 'clock' | 'storage'>) {
  const { db, clock, storage } = ctx;

  /** Checks that every id is the user's own upload, free or already on `listingId`; keeps the order. */
  async function claimableImages(
    tx: Db,
    userId: string,
    ids: string[],
    listingId: string | null,
  ): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length > LISTING_LIMITS.maxImages)
      throw new AppError('VALIDATION_FAILED', LISTING_MESSAGES.tooManyImages);
    const found = await findImages(tx, unique);
    const ok = found.filter(
      (img) => img.userId === userId && (img.listingId === null || img.listingId === listingId),
    );
    if (ok.length !== unique.length) throw new AppError('VALIDATION_FAILED', IMAGES_NOT_FOUND);
    return unique;
  }

  async function removeFiles(images: ListingImageRow[]) {
    await Promise.all(
      images.flatMap((img) => [storage.delete(img.displayKey), storage.delete(img.thumbnailKey)]),
    ).catch(() => {});
  }

  async function uploadImage(userId: string, bytes: Buffer): Promise<ListingImage> {
    if (bytes.length > LISTING_LIMITS.maxImageBytes)
      throw new AppError('PAYLOAD_TOO_LARGE', LISTING_MESSAGES.fileTooLarge);
    const header = await readImageHeader(bytes);
    if (!header) throw new AppError('VALIDATION_FAILED', LISTING_MESSAGES.fileWrongType);
    // Refused before decoding: a small file can declare enough pixels for seconds of CPU and gigabytes.
    if (header.pixels > LISTING_LIMITS.maxImagePixels)
      throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooManyPixels);
    let processed: Awaited<ReturnType<typeof processListingImage>>;
    try {
      processed = await processListingImage(bytes);
    } catch {
      throw new AppError('VALIDATION_FAILED', LISTING_MESSAGES.fileWrongType);
    }
    const id = randomUUID();
    const displayKey = `listings/${userId}/${id}.webp`;
    const thumbnailKey = `listings/${userId}/${id}_thumb.webp`;
    await storage.put(displayKey, processed.display, 'image/webp');
    await storage.put(thumbnailKey, processed.thumbnail, 'image/webp');
    const row = await insertImage(db, {
      id,
      userId,
      displayKey,
      thumbnailKey,
      width: processed.width,
      height: processed.height,
      createdAt: clock.now(),
    });
    return toImageView(row);
  }

  async function purgeUnattachedUploads(): Promise<number> {
    const removed = await deleteUnattachedImages(db, new Date(clock.now().getTime() - UPLOAD_RETENTION_MS));
    await removeFiles(removed);
    return removed.length;
  }

  return { claimableImages, removeFiles, uploadImage, purgeUnattachedUploads };
}

export type ListingUploads = ReturnType<typeof createListingUploads>;
