const SCRIPT_URL = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';

type AdsWindow = Window & { adsbygoogle?: unknown[] };

let loading: Promise<void> | null = null;

/** Adds the provider's script to the page once, whatever the number of slots; retried after a failure. */
export function loadProviderScript(clientId: string): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = `${SCRIPT_URL}?client=${encodeURIComponent(clientId)}`;
    script.crossOrigin = 'anonymous';
    script.dataset.adProvider = 'adsense';
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      loading = null;
      reject(new Error('The ad provider script did not load'));
    });
    document.head.appendChild(script);
  });
  return loading;
}

/** Asks the provider to fill the newest empty ad element on the page. */
export function requestAd(): void {
  const w = window as AdsWindow;
  w.adsbygoogle = w.adsbygoogle ?? [];
  w.adsbygoogle.push({});
}
