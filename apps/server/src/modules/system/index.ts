/**
 * The system module's face: what other modules and the app may use. Other modules import from here only.
 */

export { scheduleBackupJobs } from './backups.job.ts';
export { createBackupsService } from './backups.service.ts';
export { createDatabaseStatusService } from './database-status.service.ts';
// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerSystem } from './system.module.ts';
export { systemRoutes } from './system.routes.ts';
