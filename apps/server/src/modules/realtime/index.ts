/**
 * The realtime module's face: what other modules and the app may use. Other modules import from here only.
 */

export {
  createRealtimeService,
  MAINTENANCE_CLOSE_CODE,
  type RealtimeService,
  SESSION_ENDED_CLOSE_CODE,
} from './realtime.service.ts';
export { registerRealtimeSocket } from './realtime.socket.ts';
