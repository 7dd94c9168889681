import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PrivateFilesService } from '../private-files/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import { companiesRoutes } from './companies.routes.ts';
import { type CompaniesService, createCompaniesService } from './companies.service.ts';

/** Company profiles, the directory and their verification. */
export function registerCompanies(
  ctx: ModuleContext,
  deps: {
    access: AccessService;
    notifications: NotificationsService;
    realtime: RealtimeService;
    privateFiles: PrivateFilesService;
  },
): CompaniesService {
  const companies = createCompaniesService({
    db: ctx.db,
    clock: ctx.clock,
    notifications: deps.notifications,
    realtime: deps.realtime,
    privateFiles: deps.privateFiles,
    appUrl: ctx.env.appUrl,
    // The reputation read model (reviews module, registered later) recomputes the owner's level.
    onVerifiedCompaniesChanged: (userId) =>
      void ctx.events
        .emit('reputation.inputs-changed', { userIds: [userId] })
        .catch((err) =>
          ctx.logger.warn({ err, userId }, 'reputation recompute after a verification change failed'),
        ),
    audit: deps.access.audit.record,
  });
  ctx.routes(companiesRoutes(companies, deps.access));
  return companies;
}
