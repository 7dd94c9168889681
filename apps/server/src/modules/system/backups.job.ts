import type { JobQueue } from '../../lib/jobs.ts';
import { type BackupsService, DATABASE_BACKUP_JOB } from './backups.service.ts';

export const DATABASE_BACKUP_SCHEDULE_JOB = 'system.database-backup-schedule';
/** A dump of a large database may run for hours; the queue's 15-minute default would retry it mid-way. */
const BACKUP_JOB_EXPIRY_SECONDS = 6 * 3600;

/**
 * The backup work (manual or scheduled) runs in the job queue, so the request returns at once and
 * any instance may take it. Every hour the schedule compares the backup frequency setting with the
 * last successful backup and starts one when due.
 */
export async function scheduleBackupJobs(jobs: JobQueue, backups: BackupsService) {
  await jobs.work<{ backupId: string }>(
    DATABASE_BACKUP_JOB,
    async ({ backupId }) => {
      await backups.runBackup(backupId);
    },
    { expireInSeconds: BACKUP_JOB_EXPIRY_SECONDS },
  );
  await jobs.work(DATABASE_BACKUP_SCHEDULE_JOB, async () => {
    await backups.runScheduledBackupIfDue();
  });
  await jobs.schedule(DATABASE_BACKUP_SCHEDULE_JOB, '0 * * * *');
}
