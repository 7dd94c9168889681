/**
 * The system module's face: what other modules and the app may use. Other modules import from here only.
 */

export { scheduleBackupJobs } from './backups.job.ts';
export { createBackupsService } from './backups.service.ts';
export { createDatabaseStatusService } from './database-status.service.ts';
export { systemRoutes } from './system.routes.ts';
