import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { scheduleBackupJobs } from './backups.job.ts';
import { createBackupsService } from './backups.service.ts';
import { createDatabaseStatusService } from './database-status.service.ts';
import { systemRoutes } from './system.routes.ts';

/** The database's status and its backups, for administrators. */
export function registerSystem(
  ctx: ModuleContext,
  deps: { access: AccessService; settings: SettingsService },
): void {
  const { env, database, clock } = ctx;
  const backups = createBackupsService({
    database,
    config: { backupDir: env.backupDir, pgDumpPath: env.pgDumpPath, keep: env.backupKeep },
    clock,
    jobs: ctx.jobs,
    settings: deps.settings,
    audit: deps.access.audit.record,
    logger: ctx.logger,
  });
  ctx.onStart(() => scheduleBackupJobs(ctx.jobs, backups));
  ctx.routes(
    systemRoutes(
      { databaseStatus: createDatabaseStatusService({ database, backups, clock }), backups },
      deps.access,
    ),
  );
}
