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

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Runs `work` once, the first time the user points at, touches or tabs to a button or link: the moment
 * to fetch what a click may need. Returns a function that stops waiting.
 */
export function onFirstIntent(work: () => void): () => void {
  const stop = () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent);
  };
  const onIntent = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('button, a[href]')) return;
    stop();
    work();
  };
  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { passive: true });
  return stop;
}
