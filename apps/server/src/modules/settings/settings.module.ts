import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import { settingsRoutes } from './settings.routes.ts';
import { createSettingsService, type SettingsService } from './settings.service.ts';

/** System settings; other modules react to a change through `settings.onChanged`. */
export function registerSettings(ctx: ModuleContext, deps: { access: AccessService }): SettingsService {
  const settings = createSettingsService({ db: ctx.db, audit: deps.access.audit.record });
  ctx.onStart(() => settings.seedDefaults());
  ctx.routes(settingsRoutes(settings, deps.access));
  return settings;
}
