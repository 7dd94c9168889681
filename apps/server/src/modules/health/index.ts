/**
 * The health module's face: what other modules and the app may use. Other modules import from here only.
 */

export { healthRoutes } from './health.routes.ts';
