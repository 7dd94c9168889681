import * as z from '../zod.ts';

/** GET /api/admin/overview: the live counts of the admin dashboard cards. */
export const adminOverviewSchema = z.object({
  pendingListings: z.number().int().nonnegative(),
  unverifiedCompanies: z.number().int().nonnegative(),
  /** Wire transfers pending or received: still waiting for an administrator to verify them. */
  wireTransfersAwaitingVerification: z.number().int().nonnegative(),
  openDisputes: z.number().int().nonnegative(),
  /** Claims escalated, or left unanswered by the seller past the answer window: an administrator decides. */
  claimsAwaitingDecision: z.number().int().nonnegative(),
  unconfirmedUsers: z.number().int().nonnegative(),
  /** Reports waiting in the moderation queue (/admin/reports): filed by traders or by the platform. */
  openReports: z.number().int().nonnegative(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** A sign-up whose email address is not confirmed yet. */
export const unconfirmedUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type UnconfirmedUser = z.infer<typeof unconfirmedUserSchema>;

export const unconfirmedUsersSchema = z.object({ users: z.array(unconfirmedUserSchema) });
export type UnconfirmedUsers = z.infer<typeof unconfirmedUsersSchema>;

/** The most addresses one Resend All may name. */
export const BULK_RESEND_MAX = 500;

export const resendConfirmationBodySchema = z.object({
  email: z.string().trim().min(1, 'Please enter an email address').max(320),
});
export type ResendConfirmationBody = z.infer<typeof resendConfirmationBodySchema>;

export const bulkResendBodySchema = z.object({
  emails: z
    .array(z.string().trim().min(1).max(320))
    .min(1, 'Please name at least one email address')
    .max(BULK_RESEND_MAX, `At most ${BULK_RESEND_MAX} addresses at a time`),
});
export type BulkResendBody = z.infer<typeof bulkResendBodySchema>;

export const bulkResendResultSchema = z.object({
  successful: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type BulkResendResult = z.infer<typeof bulkResendResultSchema>;

/** An email whose every delivery attempt failed over the outbox's retry window (a day and more). */
export const failedEmailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  attempts: z.number().int().nonnegative(),
  /** The SMTP server's answer (or the connection error) at the last attempt. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type FailedEmail = z.infer<typeof failedEmailSchema>;

/** GET /api/admin/failed-emails: the newest failed emails, and how many there are in all. */
export const failedEmailsSchema = z.object({
  emails: z.array(failedEmailSchema),
  total: z.number().int().nonnegative(),
});
export type FailedEmails = z.infer<typeof failedEmailsSchema>;

/** POST /api/admin/failed-emails/resend-all: how many failed emails were queued again. */
export const resendFailedEmailsResultSchema = z.object({ queued: z.number().int().nonnegative() });
export type ResendFailedEmailsResult = z.infer<typeof resendFailedEmailsResultSchema>;
