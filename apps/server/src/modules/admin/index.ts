/**
 * The admin module's face: what other modules and the app may use. Other modules import from here only.
 */

// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerAdmin } from './admin.module.ts';
export type { AdminService } from './admin.service.ts';
