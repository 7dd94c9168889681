import type { ModuleContext } from '../../lib/module-context.ts';
import type { AccessService } from '../access/index.ts';
import { privateFilesRoutes } from './private-files.routes.ts';
import { createPrivateFilesService, type PrivateFilesService } from './private-files.service.ts';

export const PRIVATE_FILES_PURGE_JOB = 'private-files.purge-unattached';

/** Private files: uploads, attachment by the steps that name them, reading by those admitted, the daily purge. */
export function registerPrivateFiles(
  ctx: ModuleContext,
  deps: { access: AccessService },
): PrivateFilesService {
  const files = createPrivateFilesService({
    db: ctx.db,
    clock: ctx.clock,
    storage: ctx.storage,
    isAdmin: deps.access.isAdmin,
  });
  ctx.onStart(async () => {
    await ctx.jobs.work(PRIVATE_FILES_PURGE_JOB, async () => {
      await files.purgeUnattached();
    });
    await ctx.jobs.schedule(PRIVATE_FILES_PURGE_JOB, '41 * * * *');
  });
  ctx.routes(privateFilesRoutes(files, { uploadRateLimitPerMinute: ctx.env.uploadRateLimitPerMinute }));
  return files;
}
