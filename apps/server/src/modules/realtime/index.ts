/**
 * The realtime module's face: what other modules and the app may use. Other modules import from here only.
 */

// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerRealtime } from './realtime.module.ts';
export {
  MAINTENANCE_CLOSE_CODE,
  type RealtimeService,
  SESSION_ENDED_CLOSE_CODE,
} from './realtime.service.ts';
