import { PLATFORM_MESSAGES, type PlatformStatus } from '@app/shared/settings/settings.schemas';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** What the maintenance page needs, what lets an administrator sign in, and harmless public reads. */
const OPEN_ROUTES = new Set([
  '/api/health',
  '/api/settings/platform',
  '/api/settings/pricing',
  '/api/me',
  '/api/accounts/sign-in',
  '/api/accounts/sign-out',
  // An administrator who forgot the password must still get back in; the emails are account emails.
  '/api/accounts/password-reset/request',
  '/api/accounts/password-reset',
  // RFC 8058: mail clients unsubscribe once, without retrying; an opt-out must never be lost.
  '/api/email-preferences/one-click',
]);

/**
 * Provider webhooks carry money events (a payment or an escrow hold that happened meanwhile): refusing
 * them would lose or delay bookings, so they keep working. The dev mailbox exists only outside production.
 */
const OPEN_PREFIXES = ['/api/payments/webhooks/', '/api/webhooks/', '/api/dev/'];

const RETRY_AFTER_SECONDS = 300;

export type MaintenanceDeps = {
  /** The cached platform status (settings.getPlatformStatus). */
  platformStatus(): Promise<PlatformStatus>;
  isAdmin(userId: string): Promise<boolean>;
};

/**
 * Maintenance mode: while platform.maintenance_mode is on, every API request (and realtime socket) of
 * a visitor or trader answers 503 MAINTENANCE; administrators keep full access. Pages, assets and the
 * sandbox provider pages are served as usual: the web app reads /api/settings/platform and shows the
 * maintenance page itself. Runs on onRequest, before bodies are parsed (a refused upload is never read),
 * and must be registered after the session hook, which sets request.user on onRequest too.
 */
export function registerMaintenanceMode(app: FastifyInstance, deps: MaintenanceDeps) {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url ?? request.url.split('?')[0];
    if (!route.startsWith('/api/') || isOpen(route)) return;
    // Maintenance is about availability, not access control: when the status cannot be read the request
    // goes on (and fails on its own if the database is down) rather than every request becoming a 500.
    const status = await deps.platformStatus().catch((err: unknown) => {
      request.log.warn({ err }, 'platform status unavailable; maintenance check skipped');
      return null;
    });
    if (!status?.maintenanceMode) return;
    if (request.user && (await deps.isAdmin(request.user.id))) return;
    throw new AppError('MAINTENANCE', PLATFORM_MESSAGES.maintenance(status.name), {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
  });
}

function isOpen(route: string): boolean {
  return OPEN_ROUTES.has(route) || OPEN_PREFIXES.some((prefix) => route.startsWith(prefix));
}
