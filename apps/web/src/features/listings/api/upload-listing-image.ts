import type { ListingImage, ListingImageUpload } from '@app/shared/listings/listings.schemas';
import { uploadFile } from '@/lib/upload-file';

/** POST /api/listings/images (multipart field "file"), reporting upload progress. */
export function uploadListingImage(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ListingImage> {
  return uploadFile<ListingImageUpload>('/api/listings/images', file, {
    onProgress,
    signal,
    tooLargeMessage: 'File size must be less than 5MB',
  });
}
