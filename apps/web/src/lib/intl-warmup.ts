/**
 * Gets the browser's Intl (ICU) data ready off the main thread. A page's first Intl formatter costs
 * 20-40 ms of loading locale data (on a mid-range phone four times that), in the middle of the first
 * screen's render; built first in a worker, it leaves that work done for the whole page, and the first
 * formatter on the main thread takes a fraction of a millisecond. Imported for its effect, early in
 * the entry, so the worker is done before the first screen formats a price or a date.
 */
function warmUpIntl(): void {
  if (typeof Worker === 'undefined') return;
  try {
    new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    // A browser or policy without workers: the main thread pays for it, as before.
  }
}

warmUpIntl();
