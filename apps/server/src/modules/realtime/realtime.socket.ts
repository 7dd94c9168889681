import { ClientRealtimeEventSchema, type ServerRealtimeEvent } from '@app/shared/realtime/realtime-events';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { RealtimeService } from './realtime.service.ts';

export const FOREIGN_ORIGIN_MESSAGE =
  'This connection must come from the application itself (origin check failed)';

const send = (socket: { send(d: string): void }, event: ServerRealtimeEvent) =>
  socket.send(JSON.stringify(event));

/**
 * GET /api/realtime: the session hook has already set request.user. A signed-in socket receives the
 * user's events and public broadcasts; a visitor's socket only public broadcasts (the live directory).
 * The upgrade is refused (403) unless it comes from the app's own origin, as a browser on another
 * origin would otherwise open it with the user's cookie. The socket is bound to its session: ending
 * the session closes it.
 */
export function registerRealtimeSocket(app: FastifyInstance, realtime: RealtimeService, appUrl: string) {
  const allowed = new URL(appUrl).origin;
  const checkOrigin = async (request: { headers: Record<string, unknown> }) => {
    if (request.headers.origin !== allowed) throw new AppError('FORBIDDEN', FOREIGN_ORIGIN_MESSAGE);
  };
  app.get('/api/realtime', { websocket: true, preValidation: checkOrigin }, (socket, request) => {
    const userId = request.user?.id ?? null;
    const detach = realtime.attach(userId, socket, request.sessionId);
    // Handlers attach synchronously (per @fastify/websocket's README), so no early frame is lost.
    socket.on('message', (raw: Buffer) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString());
      } catch {
        parsed = undefined;
      }
      const event = ClientRealtimeEventSchema.safeParse(parsed);
      if (!event.success) {
        send(socket, { type: 'error', code: 'VALIDATION_FAILED', message: 'Unknown or malformed event' });
        return;
      }
      if (event.data.type === 'ping') send(socket, { type: 'pong' });
    });
    socket.on('close', detach);
    send(socket, { type: 'hello', userId });
  });
}
