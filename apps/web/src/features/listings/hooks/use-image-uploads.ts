import { LISTING_LIMITS, LISTING_MESSAGES, type ListingImage } from '@app/shared/listings/listings.schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { uploadListingImage } from '../api/upload-listing-image';

export type UploadItem = {
  key: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  progress: number;
  image?: ListingImage;
  previewUrl?: string;
  error?: string;
};

const ACCEPTED: readonly string[] = LISTING_LIMITS.imageTypes;

/** Why a file cannot be uploaded, checked before it leaves the browser (the server checks again). */
export function rejectReason(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return LISTING_MESSAGES.fileWrongType;
  if (file.size > LISTING_LIMITS.maxImageBytes) return LISTING_MESSAGES.fileTooLarge;
  return null;
}

let counter = 0;

/**
 * The listing form's images: up to 5, each uploaded at once with its own progress. Extra and invalid
 * files are skipped with the specification's toasts; failed uploads stay listed with their reason.
 */
export function useImageUploads(initial: ListingImage[] = []) {
  const [items, setItems] = useState<UploadItem[]>(() =>
    initial.map((image) => ({ key: image.id, name: 'Image', status: 'done', progress: 100, image })),
  );
  const controllers = useRef(new Map<string, AbortController>());
  const itemsRef = useRef(items);
  itemsRef.current = items;

  useEffect(() => {
    const active = controllers.current;
    return () => {
      for (const controller of active.values()) controller.abort();
      for (const item of itemsRef.current) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const addFiles = useCallback(
    async (files: File[]) => {
      const kept = itemsRef.current.filter((item) => item.status !== 'error').length;
      const room = LISTING_LIMITS.maxImages - kept;
      if (room <= 0) {
        toast.error('Upload limit reached', { description: LISTING_MESSAGES.tooManyImages });
        return;
      }
      const skipped: string[] = [];
      const valid: File[] = [];
      for (const file of files) {
        const reason = rejectReason(file);
        if (reason) skipped.push(`${file.name}: ${reason}`);
        else valid.push(file);
      }
      const accepted = valid.slice(0, room);
      const overflow = valid.length - accepted.length;
      if (overflow > 0)
        skipped.push(`${overflow} ${overflow === 1 ? 'file was' : 'files were'} over the limit of 5 images`);
      if (skipped.length > 0) toast.warning('Some files skipped', { description: skipped.join('. ') });

      const started = accepted.map((file) => {
        counter += 1;
        const key = `upload-${counter}`;
        return { key, file, previewUrl: URL.createObjectURL(file) };
      });
      setItems((current) => [
        ...current.filter((item) => item.status !== 'error'),
        ...started.map(({ key, file, previewUrl }) => ({
          key,
          name: file.name,
          status: 'uploading' as const,
          progress: 0,
          previewUrl,
        })),
      ]);

      const results = await Promise.allSettled(
        started.map(async ({ key, file }) => {
          const controller = new AbortController();
          controllers.current.set(key, controller);
          try {
            const image = await uploadListingImage(
              file,
              (progress) => patch(key, { progress }),
              controller.signal,
            );
            patch(key, { status: 'done', progress: 100, image });
          } catch (error) {
            if (error instanceof DOMException && error.name === 'AbortError') return;
            patch(key, { status: 'error', error: `Upload failed: ${parseApiError(error).message}` });
            throw error;
          } finally {
            controllers.current.delete(key);
          }
        }),
      );
      const failed = results.filter((r) => r.status === 'rejected');
      if (failed.length > 0) {
        const first = failed[0] as PromiseRejectedResult;
        toast.error('Some uploads failed', {
          description: `${failed.length} of ${started.length} images could not be uploaded: ${parseApiError(first.reason).message}`,
        });
      }
    },
    [patch],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    setItems((current) => {
      const item = current.find((i) => i.key === key);
      if (item?.previewUrl) URL.revokeObjectURL(item.previewUrl);
      return current.filter((i) => i.key !== key);
    });
  }, []);

  const imageIds = items.flatMap((item) => (item.status === 'done' && item.image ? [item.image.id] : []));
  const isUploading = items.some((item) => item.status === 'uploading');
  const canAddMore = items.filter((item) => item.status !== 'error').length < LISTING_LIMITS.maxImages;
  return { items, addFiles, remove, imageIds, isUploading, canAddMore };
}

export type ImageUploads = ReturnType<typeof useImageUploads>;
