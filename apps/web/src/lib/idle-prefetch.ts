type NetworkInformation = { saveData?: boolean; effectiveType?: string };

/** On a metered or 2G connection only what the user reaches for is fetched ahead. */
function idlePrefetchAllowed(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return !connection?.saveData && !/2g/.test(connection?.effectiveType ?? '');
}

/** Fetches code the user will likely need next once the browser is idle, unless data is scarce. */
export function prefetchWhenIdle(fetchAhead: () => void): void {
  if (!idlePrefetchAllowed()) return;
  if ('requestIdleCallback' in window) window.requestIdleCallback(fetchAhead, { timeout: 5_000 });
  else setTimeout(fetchAhead, 1_000);
}
