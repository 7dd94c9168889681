/** Blocks and reports, zod-free (public pages load it): limits, reasons and the copy. */

export const TRUST_LIMITS = {
  reportNoteMax: 1000,
  /** What an administrator writes to the user (a warning, a suspension) or about hiding an item. */
  resolutionNoteMax: 1000,
  /** Reports one trader may file in 24 hours. */
  reportsPerDay: 20,
  adminPageSize: 20,
  /** A company blocked by this many distinct verified traders within `repeatedBlocksDays` is queued. */
  repeatedBlocksThreshold: 5,
  repeatedBlocksDays: 90,
} as const;

/** What can be reported. `review` is accepted only while the reviews module registers its handler. */
export const REPORT_TARGET_TYPES = ['listing', 'company', 'message', 'review'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** The reasons a trader picks from. */
export const REPORT_REASONS = [
  'fraud',
  'misleading',
  'prohibited',
  'spam',
  'abusive',
  'impersonation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Reasons only the platform files (a system report). */
export const SYSTEM_REPORT_REASONS = ['fraud_signal', 'repeated_blocks'] as const;
export type SystemReportReason = (typeof SYSTEM_REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason | SystemReportReason, string> = {
  fraud: 'Fraud or scam',
  misleading: 'Misleading description, grade or weight',
  prohibited: 'Prohibited or hazardous material',
  spam: 'Spam or advertising',
  abusive: 'Abusive or offensive',
  impersonation: 'Impersonates another company',
  other: 'Something else',
  fraud_signal: 'Bank details or a request to pay outside escrow',
  repeated_blocks: 'Blocked by several verified traders',
};

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What an administrator does with an open report. */
export const REPORT_ACTIONS = ['dismiss', 'hide', 'warn', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const TRUST_MESSAGES = {
  cannotBlockYourself: 'You can’t block yourself.',
  traderNotFound: 'Trader not found',
  cannotBlockAdministrator: 'Administrators can’t be blocked. Report the message instead.',
  blocked: 'Trader blocked',
  unblocked: 'Trader unblocked',
  reportSent: 'Report sent. An administrator will look at it.',
  alreadyReported: 'You already reported this. An administrator will look at it.',
  cannotReportOwn: 'You can’t report your own',
  tooManyReports: `You can send at most ${TRUST_LIMITS.reportsPerDay} reports a day. Try again tomorrow.`,
  targetTypeUnavailable: 'Reviews can’t be reported yet.',
  reasonRequired: 'Choose a reason',
  noteTooLong: `The note must be ${TRUST_LIMITS.reportNoteMax} characters or less`,
  reportNotFound: 'Report not found',
  alreadyResolved: 'This report was already resolved.',
  resolutionNoteRequired: 'Write what the user is told (the reason)',
  resolutionNoteTooLong: `The note must be ${TRUST_LIMITS.resolutionNoteMax} characters or less`,
  nobodyToAct: 'This report names no user to warn or suspend.',
  itemGone: 'The reported item no longer exists.',
  /** The blocked party, refused an offer or a purchase: no more than that the listing is closed to them. */
  cannotDealWithTrader: 'You can’t make offers on this trader’s listings.',
  /** The blocker, trying to deal with a trader they blocked. */
  youBlockedTrader: 'You blocked this trader. Unblock them in Settings → Account to trade with them.',
  /** The blocker opening a listing of a trader they blocked. */
  listingOfBlockedTrader:
    'You blocked the trader who posted this listing. Unblock them in Settings → Account to see it.',
  loadFailed: 'Could not load the reports',
  /** To a trader the other party blocked: says no more than that messaging is closed. */
  cannotMessageTrader: 'You can’t message this trader.',
  /** To a trader who blocked the other party. */
  youBlockedTraderMessaging:
    'You blocked this trader. Unblock them in Settings → Account to write to them again.',
  /** In place of a message an administrator removed. */
  messageHidden: 'This message was removed by an administrator.',
} as const;
