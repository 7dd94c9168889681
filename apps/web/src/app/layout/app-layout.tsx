import { Outlet, ScrollRestoration } from 'react-router';
import { DealsBridge } from '@/features/deals/components/deals-bridge';
import { MessagingBridge } from '@/features/messaging/components/messaging-bridge';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Every screen: skip link, top navigation, the one <main>, footer (and the live messaging and deal events). */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
      <MessagingBridge />
      <DealsBridge />
    </div>
  );
}
