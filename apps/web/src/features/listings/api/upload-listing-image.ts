import { isApiErrorBody } from '@app/shared/errors/error-codes';
import type { ListingImage, ListingImageUpload } from '@app/shared/listings/listings.schemas';
import { ApiRequestError } from '@/lib/api-client';

/**
 * POST /api/listings/images (multipart field "file"). XMLHttpRequest rather than fetch, because only
 * XHR reports upload progress; errors come back as the same ApiRequestError the JSON client throws.
 */
export function uploadListingImage(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ListingImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/listings/images');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        // The server encodes the answer with its schema; only a body that is not JSON is refused here.
        if (typeof data === 'object' && data !== null) return resolve(data as ListingImageUpload);
        return reject(new ApiRequestError(xhr.status, 'UNKNOWN', 'Unexpected answer from the server'));
      }
      reject(
        isApiErrorBody(data)
          ? new ApiRequestError(xhr.status, data.error.code, data.error.message)
          : new ApiRequestError(
              xhr.status,
              'UNKNOWN',
              xhr.status === 413 ? 'File size must be less than 5MB' : 'Upload failed',
            ),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
