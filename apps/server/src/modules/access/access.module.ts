import type { ModuleContext } from '../../lib/module-context.ts';
import { accessRoutes } from './access.routes.ts';
import { type AccessService, createAccessService } from './access.service.ts';

/** The administrator check and the audit log: every other module may use them. */
export function registerAccess(ctx: ModuleContext): AccessService {
  const access = createAccessService({ db: ctx.db });
  ctx.routes(accessRoutes(access));
  return access;
}
