import { registerSW } from 'virtual:pwa-register';
import { toast } from '@/components/ui/toast';
import { whenIdle } from '@/lib/idle-prefetch';

/**
 * Installs the service worker of the built app (src/sw.ts): the app opens offline and can be installed.
 * A new release's worker waits until the app is next opened; meanwhile a toast says so and offers to
 * reload now. Not in development, where Vite serves the modules itself. Registered once the page has
 * loaded and the browser is idle: its client code (workbox-window) is no part of the first paint.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (document.readyState === 'complete') whenIdle(register);
  else window.addEventListener('load', () => whenIdle(register), { once: true });
}

function register(): void {
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      toast('A new version of Recytrade is ready', {
        description: 'It applies the next time you open Recytrade.',
        duration: Number.POSITIVE_INFINITY,
        action: { label: 'Reload now', onClick: () => void updateServiceWorker(true) },
      });
    },
  });
}
