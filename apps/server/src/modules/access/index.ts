/**
 * The access module's face: the administrator check and the audit log, which every module may use.
 * Other modules import from here only.
 */

// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerAccess } from './access.module.ts';
export type { AdminRow } from './access.repository.ts';
export { type AccessService, createAccessService } from './access.service.ts';
export { type AuditActor, type AuditEntry, type AuditRecorder, noAudit } from './audit.ts';
