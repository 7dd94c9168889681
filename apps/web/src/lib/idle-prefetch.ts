type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** On a metered or 2G connection only what the user reaches for is fetched ahead. */
function idlePrefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !connection?.saveData && !/2g/.test(connection?.effectiveType ?? '');
}

/** Runs work the first paint does not need once the browser is idle (at the latest after `timeout` ms). */
export function whenIdle(work: () => void, timeout = 5_000): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout });
  else setTimeout(work, Math.min(timeout, 1_000));
}

/** Fetches code the user will likely need next once the browser is idle, unless data is scarce. */
export function prefetchWhenIdle(fetchAhead: () => void): void {
  if (idlePrefetchAllowed()) whenIdle(fetchAhead);
}
