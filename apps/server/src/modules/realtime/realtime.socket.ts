import { ClientRealtimeEventSchema, type ServerRealtimeEvent } from '@app/shared/realtime/realtime-events';
import type { FastifyInstance } from 'fastify';
import type { RealtimeService } from './realtime.service.ts';

const send = (socket: { send(d: string): void }, event: ServerRealtimeEvent) =>
  socket.send(JSON.stringify(event));

/**
 * GET /api/realtime: the session hook has already set request.user. A signed-in socket receives the
 * user's events and public broadcasts; a visitor's socket only public broadcasts (the live directory).
 */
export function registerRealtimeSocket(app: FastifyInstance, realtime: RealtimeService) {
  app.get('/api/realtime', { websocket: true }, (socket, request) => {
    const userId = request.user?.id ?? null;
    const detach = realtime.attach(userId, socket);
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
