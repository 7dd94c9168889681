import * as z from '../zod.ts';

export const ADMIN_SECURITY_MESSAGES = {
  sessionEnded: 'Session ended',
  sessionNotFound: 'Session not found',
} as const;

export const AUDIT_LOG_PAGE_SIZE = 50;
/** The failed sign-ins and sessions the screen shows at most. */
export const SECURITY_LIST_LIMIT = 100;

export const FailedSignInSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  email: z.string(),
  ipAddress: z.string(),
});
export type FailedSignIn = z.infer<typeof FailedSignInSchema>;

export const ActiveSessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;

export const RateLimitSchema = z.object({
  name: z.string(),
  limit: z.string(),
  appliesTo: z.string(),
});
export type RateLimit = z.infer<typeof RateLimitSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;

export const SecurityOverviewQuerySchema = z.object({
  auditPage: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const SecurityOverviewSchema = z.object({
  failedSignIns: z.array(FailedSignInSchema),
  sessions: z.array(ActiveSessionSchema),
  rateLimits: z.array(RateLimitSchema),
  auditLog: AuditLogPageSchema,
});
export type SecurityOverview = z.infer<typeof SecurityOverviewSchema>;
