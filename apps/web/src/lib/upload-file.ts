import { isApiErrorBody } from '@app/shared/errors/error-codes';
import { ApiRequestError } from '@/lib/api-client';

/**
 * POSTs one file as the multipart field "file". XMLHttpRequest rather than fetch, because only XHR
 * reports upload progress; errors come back as the same ApiRequestError the JSON client throws.
 */
export function uploadFile<T>(
  url: string,
  file: File,
  opts: { onProgress: (percent: number) => void; signal?: AbortSignal; tooLargeMessage: string },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) opts.onProgress(Math.round((event.loaded / event.total) * 100));
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
        if (typeof data === 'object' && data !== null) return resolve(data as T);
        return reject(new ApiRequestError(xhr.status, 'UNKNOWN', 'Unexpected answer from the server'));
      }
      reject(
        isApiErrorBody(data)
          ? new ApiRequestError(xhr.status, data.error.code, data.error.message)
          : new ApiRequestError(
              xhr.status,
              'UNKNOWN',
              xhr.status === 413 ? opts.tooLargeMessage : 'Upload failed',
            ),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
