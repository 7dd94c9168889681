import type { ModuleContext } from '../../lib/module-context.ts';
import { healthRoutes } from './health.routes.ts';

export function registerHealth(ctx: ModuleContext): void {
  ctx.routes(healthRoutes(ctx.database));
}
