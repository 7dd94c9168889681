import { type createBrowserRouter, matchPath, matchRoutes, type RouteObject } from 'react-router';
import { prefetchWhenIdle } from '@/lib/idle-prefetch';

type Router = ReturnType<typeof createBrowserRouter>;

/** The screens people most often open next from a screen, fetched while the browser is idle. */
const LIKELY_NEXT: Record<string, string[]> = {
  '/': ['/marketplace', '/market'],
  '/marketplace': ['/listings/:id'],
  '/listings/:id': ['/marketplace'],
  '/market': ['/marketplace'],
};

/**
 * Fetches a screen's code before it is opened: on a link's hover, focus or touch (the path is in its
 * href), and the likely next screens once the current one has loaded and the browser is idle. The
 * route table is the map from path to code: every lazy route matching the path is loaded, exactly as
 * a navigation would, so the module is cached when the click comes.
 */
export function prefetchRoutes(router: Router, routes: RouteObject[]): void {
  const started = new WeakSet<RouteObject>();
  const prefetch = (path: string) => {
    for (const { route } of matchRoutes(routes, path) ?? []) {
      if (typeof route.lazy !== 'function' || started.has(route)) continue;
      started.add(route);
      // A failed fetch is retried by the navigation itself, which shows the error screen if it fails again.
      route.lazy().catch(() => started.delete(route));
    }
  };

  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    prefetch(link.pathname);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true });

  let settledAt: string | undefined;
  const onSettled = (state: Router['state']) => {
    if (!state.initialized || state.navigation.state !== 'idle') return;
    const { pathname } = state.location;
    if (pathname === settledAt) return;
    settledAt = pathname;
    const next = Object.entries(LIKELY_NEXT).find(([pattern]) => matchPath(pattern, pathname))?.[1];
    if (next) prefetchWhenIdle(() => next.forEach(prefetch));
  };
  router.subscribe(onSettled);
  onSettled(router.state);
}
