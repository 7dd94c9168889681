import * as z from '../zod.ts';

/** The four audiences of /admin/bulk-email, in the order of the spec's buttons. */
export const BULK_EMAIL_TARGETS = ['unpaid_users', 'no_company', 'inactive', 'all'] as const;
export const BulkEmailTargetSchema = z.enum(BULK_EMAIL_TARGETS);
export type BulkEmailTarget = z.infer<typeof BulkEmailTargetSchema>;

/** A user is "inactive" when they have not signed in for this many days (or never, for older accounts). */
export const INACTIVE_AFTER_DAYS = 30;

/** The preset buttons' labels, and what each audience is, for the page and the campaign history. */
export const BULK_EMAIL_TARGET_INFO = {
  unpaid_users: {
    presetLabel: 'Target Unpaid Users',
    audience: 'Users without an active Premium subscription',
  },
  no_company: {
    presetLabel: 'Promote Directory to Active Users',
    audience: 'Users who have not created a company profile yet',
  },
  inactive: {
    presetLabel: 'Re-engage Inactive Subscribers',
    audience: `Users who have not signed in for ${INACTIVE_AFTER_DAYS} days`,
  },
  all: {
    presetLabel: 'Send to Everyone',
    audience: 'Every user who receives campaigns',
  },
} as const satisfies Record<BulkEmailTarget, { presetLabel: string; audience: string }>;

export const BULK_EMAIL_TEMPLATES = ['preset', 'custom'] as const;
export type BulkEmailTemplate = (typeof BULK_EMAIL_TEMPLATES)[number];

/** The preset campaign's subject (the spec's, with its leaf). */
export const PRESET_CAMPAIGN_SUBJECT = '🌿 Unlock Free Marketing for Your Recycling Business';

export const CUSTOM_SUBJECT_MAX = 200;
export const CUSTOM_CONTENT_MAX = 100_000;

/** The spec's titles, messages and toasts of the bulk email screen. */
export const BULK_EMAIL_MESSAGES = {
  testEmailRequiredTitle: 'Test Email Required',
  testEmailRequired: 'Please enter a test email address',
  customEmailRequiredTitle: 'Custom Email Required',
  customEmailRequired: 'Please enter both subject and content for custom email',
  statsFailed: 'Failed to load subscriber statistics',
  sendFailed: 'Failed to send bulk email',
  testSentTitle: 'Test Email Sent!',
  testSent: (email: string) => `Test email sent to ${email}`,
  campaignCompletedTitle: 'Bulk Email Campaign Completed!',
  campaignCompleted: (sent: number, failed: number) =>
    `${sent} emails sent successfully${failed > 0 ? `, ${failed} failed` : ''}`,
  campaignRunning: 'A campaign is already being sent. Wait until it completes.',
  noRecipients: 'No users in this audience receive campaigns.',
} as const;

/**
 * GET /api/admin/bulk-email/stats. Every figure is a real count (no padding):
 * - totalUsers: every account that is not suspended;
 * - totalSubscribers: accounts that have ever held a Premium subscription;
 * - activeSubscribers: accounts with an active Premium subscription now;
 * - subscribersWithCompanies / subscribersWithoutCompanies: active subscribers with / without a company;
 * - unpaidUsers: accounts without an active Premium subscription;
 * - unsubscribedUsers: accounts that opted out of campaigns;
 * - audiences: how many people each audience would email now (confirmed, not suspended, not opted out);
 * - audienceMatches: how many accounts that are not suspended match each audience's rule, before the
 *   confirmed-and-not-opted-out filter (for unpaid_users it is unpaidUsers, for all it is totalUsers), so
 *   the screen can say how many each audience leaves out and why its count differs from a card's.
 */
/** A count per audience, in the targets' order. */
const AudienceCountsSchema = z.object({
  unpaid_users: z.number().int(),
  no_company: z.number().int(),
  inactive: z.number().int(),
  all: z.number().int(),
}) satisfies z.ZodType<Record<BulkEmailTarget, number>>;

export const BulkEmailStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalSubscribers: z.number().int(),
  activeSubscribers: z.number().int(),
  subscribersWithCompanies: z.number().int(),
  subscribersWithoutCompanies: z.number().int(),
  unpaidUsers: z.number().int(),
  unsubscribedUsers: z.number().int(),
  audiences: AudienceCountsSchema,
  audienceMatches: AudienceCountsSchema,
  computedAt: z.string(),
});
export type BulkEmailStats = z.infer<typeof BulkEmailStatsSchema>;

/** GET /api/admin/bulk-email/preset: the preset campaign as a recipient named "there" would see it. */
export const BulkEmailPresetSchema = z.object({ subject: z.string(), html: z.string() });
export type BulkEmailPreset = z.infer<typeof BulkEmailPresetSchema>;

const testEmailField = z.string().trim().max(320).optional();

/**
 * POST /api/admin/bulk-email/send. The template is named by the button pressed: a preset button sends
 * the preset, a custom button the custom email (no mode is remembered between sends).
 */
export const BulkEmailSendBodySchema = z
  .object({
    target: BulkEmailTargetSchema,
    template: z.enum(BULK_EMAIL_TEMPLATES),
    testMode: z.boolean().default(false),
    testEmail: testEmailField,
    customEmail: z
      .object({
        subject: z
          .string()
          .max(CUSTOM_SUBJECT_MAX, `The subject must be at most ${CUSTOM_SUBJECT_MAX} characters`),
        content: z
          .string()
          .max(CUSTOM_CONTENT_MAX, `The content must be at most ${CUSTOM_CONTENT_MAX} characters`),
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.testMode) {
      if (!body.testEmail) {
        ctx.addIssue({ code: 'custom', path: ['testEmail'], message: BULK_EMAIL_MESSAGES.testEmailRequired });
      } else if (!z.email().safeParse(body.testEmail).success) {
        ctx.addIssue({
          code: 'custom',
          path: ['testEmail'],
          message: 'Please enter a valid test email address',
        });
      }
    }
    if (
      body.template === 'custom' &&
      (!body.customEmail?.subject.trim() || !body.customEmail?.content.trim())
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['customEmail'],
        message: BULK_EMAIL_MESSAGES.customEmailRequired,
      });
    }
  });
export type BulkEmailSendBody = z.input<typeof BulkEmailSendBodySchema>;

export const BULK_EMAIL_CAMPAIGN_STATUSES = ['queued', 'sending', 'completed', 'failed'] as const;

/** A campaign record: who sent what to whom, and how far delivery has got. */
export const BulkEmailCampaignSchema = z.object({
  id: z.string(),
  target: BulkEmailTargetSchema,
  template: z.enum(BULK_EMAIL_TEMPLATES),
  subject: z.string(),
  status: z.enum(BULK_EMAIL_CAMPAIGN_STATUSES),
  totalRecipients: z.number().int(),
  sentCount: z.number().int(),
  failedCount: z.number().int(),
  /** Recipients skipped because they opted out (or were suspended) after the campaign was created. */
  skippedCount: z.number().int(),
  createdBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type BulkEmailCampaign = z.infer<typeof BulkEmailCampaignSchema>;
export const BulkEmailCampaignListSchema = z.object({ campaigns: z.array(BulkEmailCampaignSchema) });
export type BulkEmailCampaignList = z.infer<typeof BulkEmailCampaignListSchema>;

/**
 * The answer to a send. Test mode sends one email at once and answers with the counts (the spec's
 * emails_sent / emails_failed); a real send answers 202 with the campaign the job queue delivers.
 */
export const BulkEmailSendResultSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('test'),
    testEmail: z.string(),
    emailsSent: z.number().int(),
    emailsFailed: z.number().int(),
  }),
  z.object({ mode: z.literal('campaign'), campaign: BulkEmailCampaignSchema }),
]);
export type BulkEmailSendResult = z.infer<typeof BulkEmailSendResultSchema>;

/** GET /api/email-preferences/unsubscribe?token=: whose link it is (masked) and whether they receive campaigns. */
export const UnsubscribeStatusSchema = z.object({ maskedEmail: z.string(), subscribed: z.boolean() });
export type UnsubscribeStatus = z.infer<typeof UnsubscribeStatusSchema>;
export const UnsubscribeTokenBodySchema = z.object({ token: z.string().min(1).max(500) });

/** GET/PATCH /api/me/email-preferences: the signed-in user's own switch for campaigns. */
export const MarketingPreferencesSchema = z.object({ marketingEmails: z.boolean() });
export type MarketingPreferences = z.infer<typeof MarketingPreferencesSchema>;

export const UNSUBSCRIBE_MESSAGES = {
  invalidLink:
    'This unsubscribe link is not valid. Open the latest email again, or change it in your account preferences.',
  unsubscribedTitle: 'You have been unsubscribed',
  unsubscribed: 'You will no longer receive marketing emails from us. Account and deal emails still arrive.',
  resubscribedTitle: 'You are subscribed again',
  resubscribed: 'You will receive our marketing emails again.',
} as const;
