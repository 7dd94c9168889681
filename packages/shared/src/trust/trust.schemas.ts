import * as z from '../zod.ts';
import { FRAUD_SIGNAL_KINDS } from './fraud-signals.ts';
import {
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  SYSTEM_REPORT_REASONS,
  TRUST_LIMITS,
  TRUST_MESSAGES,
} from './trust-rules.ts';

export * from './trust-rules.ts';

/** Blocks and reports: what traders send and administrators read (the server's `trust` module). */

/** POST /api/me/blocks. */
export const BlockBodySchema = z
  .object({ userId: z.string().trim().min(1, TRUST_MESSAGES.traderNotFound).max(100) })
  .strict();
export type BlockBody = z.infer<typeof BlockBodySchema>;

export const BlockedTraderSchema = z.object({
  userId: z.string(),
  name: z.string(),
  companyName: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedTrader = z.infer<typeof BlockedTraderSchema>;

export const BlockListSchema = z.object({ items: z.array(BlockedTraderSchema) });
export type BlockList = z.infer<typeof BlockListSchema>;

/** Keeps line breaks; drops other control characters; trims. */
const plainNote = (value: string) =>
  [...value]
    .filter((ch) => {
      const code = ch.charCodeAt(0);
      return code === 10 || code === 13 || (code >= 32 && code !== 127);
    })
    .join('')
    .trim();

/** POST /api/reports. */
export const CreateReportBodySchema = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES, { error: 'Choose what you are reporting' }),
    targetId: z.string().trim().min(1, 'Choose what you are reporting').max(100),
    reason: z.enum(REPORT_REASONS, { error: TRUST_MESSAGES.reasonRequired }),
    note: z
      .string()
      .transform(plainNote)
      .pipe(z.string().max(TRUST_LIMITS.reportNoteMax, TRUST_MESSAGES.noteTooLong))
      .optional(),
  })
  .strict();
export type CreateReportBody = z.input<typeof CreateReportBodySchema>;

/** A report as its author sees it. */
export const ReportSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reason: z.enum([...REPORT_REASONS, ...SYSTEM_REPORT_REASONS]),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;

const PersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  suspended: z.boolean(),
});

/** A line of a conversation shown around a reported message. */
export const ReportExcerptLineSchema = z.object({
  id: z.string(),
  senderName: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** The reported message itself. */
  reported: z.boolean(),
  fraudSignals: z.array(z.enum(FRAUD_SIGNAL_KINDS)),
  hidden: z.boolean(),
});

/** The reported item as an administrator reads it. */
export const ReportContextSchema = z.object({
  /** The item's title (a listing's, a company's name, "Message from …", "Review by …"). */
  title: z.string(),
  /** Facts in a line each (price, status, verification, rating). */
  details: z.array(z.string()),
  /** The item's text (a description, a review's comment); null when it has none. */
  body: z.string().nullable(),
  /** For a message: the conversation around it. */
  excerpt: z.array(ReportExcerptLineSchema),
  /** Whom the report is about: warnings and suspensions go to them. */
  owner: PersonSchema.nullable(),
  /** Already hidden, rejected or removed. */
  hidden: z.boolean(),
  /** Where the item is in the web app (null for a private item such as a message). */
  link: z.string().nullable(),
});
export type ReportContext = z.infer<typeof ReportContextSchema>;

export const AdminReportSchema = ReportSchema.extend({
  note: z.string().nullable(),
  source: z.enum(['trader', 'system']),
  reporter: PersonSchema.nullable(),
  /** Other open reports of the same item. */
  sameItemCount: z.number().int(),
  resolvedAt: z.string().nullable(),
  resolvedByEmail: z.string().nullable(),
  resolution: z.enum(['dismissed', 'hidden', 'warned', 'suspended']).nullable(),
  resolutionNote: z.string().nullable(),
  /** Null when the item no longer exists. */
  context: ReportContextSchema.nullable(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

export const AdminReportsQuerySchema = z.object({
  status: z.enum(['open', 'resolved', 'all']).default('open'),
  page: z.pageNumber(),
});
export type AdminReportsQuery = z.infer<typeof AdminReportsQuerySchema>;

export const AdminReportPageSchema = z.object({
  items: z.array(AdminReportSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminReportPage = z.infer<typeof AdminReportPageSchema>;

/** POST /api/admin/reports/:id/resolve: the action and, except for dismiss, what the user is told. */
export const ResolveReportBodySchema = z
  .object({
    action: z.enum(REPORT_ACTIONS, { error: 'Choose an action' }),
    note: z
      .string()
      .transform(plainNote)
      .pipe(z.string().max(TRUST_LIMITS.resolutionNoteMax, TRUST_MESSAGES.resolutionNoteTooLong))
      .optional(),
  })
  .strict();
export type ResolveReportBody = z.input<typeof ResolveReportBodySchema>;
