/**
 * The public-api module's face: what other modules and the app may use. Other modules import from here only.
 */

// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerPublicApi } from './public-api.module.ts';
export type { PublicApiService } from './public-api.service.ts';
