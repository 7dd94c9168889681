import { PLATFORM_STATUS_KEYS } from '@app/shared/settings/settings.schemas';
import type { FastifyInstance } from 'fastify';
import { logError } from '../../lib/log-error.ts';
import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { createRealtimeService, type RealtimeService } from './realtime.service.ts';
import { registerRealtimeSocket } from './realtime.socket.ts';

/** The realtime socket: events to users' open pages on every instance, through pub/sub. */
export function registerRealtime(
  ctx: ModuleContext,
  deps: {
    access: AccessService;
    settings: SettingsService;
    /** Which of these sessions are still valid (the accounts module's read). */
    liveSessionIds: (sessionIds: string[]) => Promise<Set<string>>;
  },
): RealtimeService {
  const { settings } = deps;
  const realtime = createRealtimeService({
    pubsub: ctx.pubsub,
    isAdmin: deps.access.isAdmin,
    liveSessionIds: deps.liveSessionIds,
    logError,
  });
  // Ended sessions (sign-out elsewhere, a password reset, an administrator) close their sockets.
  ctx.events.on('accounts.sessions-ended', ({ userId, ...ending }) => realtime.endSessions(userId, ending));
  // Open pages learn of a platform switch at once; maintenance closes every socket but administrators'.
  settings.onChanged(async (changes) => {
    if (!PLATFORM_STATUS_KEYS.some((key) => key in changes)) return;
    const status = await settings.getPlatformStatus();
    await realtime.publishToAll({ type: 'platform.status.changed', maintenanceMode: status.maintenanceMode });
  });
  ctx.routes(async (app: FastifyInstance) => registerRealtimeSocket(app, realtime, ctx.env.appUrl));
  ctx.onClose(async () => realtime.stop());
  return realtime;
}
