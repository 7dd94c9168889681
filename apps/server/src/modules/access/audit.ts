import { randomUUID } from 'node:crypto';
import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminAuditLog } from './audit.table.ts';

export type AuditActor = { id: string; email: string };

export type AuditEntry = {
  actor: AuditActor;
  /** Dotted verb such as 'listing.approve'. */
  action: string;
  targetType: string;
  targetId: string;
  details?: Record<string, unknown>;
};

/** Writes one audit row; pass the transaction of the action so both commit or neither does. */
export type AuditRecorder = (entry: AuditEntry, tx?: Db) => Promise<void>;

export const noAudit: AuditRecorder = async () => {};

export function createAuditLog(db: Db) {
  async function record(entry: AuditEntry, tx?: Db): Promise<void> {
    await (tx ?? db).insert(adminAuditLog).values({
      id: randomUUID(),
      actorUserId: entry.actor.id,
      actorEmail: entry.actor.email,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: entry.details ?? {},
    });
  }

  /** Newest first. */
  async function list(page: number, pageSize: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(adminAuditLog)
        .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(adminAuditLog),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  return { record, list };
}
