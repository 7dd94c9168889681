/**
 * The settings module's face: what other modules and the app may use. Other modules import from here only.
 */

// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerSettings } from './settings.module.ts';
export type { SettingsService } from './settings.service.ts';
