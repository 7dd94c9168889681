/**
 * The settings module's face: what other modules and the app may use. Other modules import from here only.
 */

export { settingsRoutes } from './settings.routes.ts';
export { createSettingsService, type SettingsService } from './settings.service.ts';
