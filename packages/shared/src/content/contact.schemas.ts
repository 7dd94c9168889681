import * as z from '../zod.ts';

/** Document 002: the contact form (section 3), its rules (section 5) and messages (section 8). */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  companyMax: 200,
  subjectMax: 200,
  messageMax: 5_000,
  /** Messages one user may send per window; the server answers 429 beyond it. */
  perUserMax: 5,
  windowMinutes: 10,
} as const;

export const DEFAULT_CONTACT_SUBJECT = 'General Inquiry';

/** The specification's copy, word for word where it gives one. */
export const CONTACT_MESSAGES = {
  firstNameRequired: 'First name required',
  lastNameRequired: 'Last name required',
  emailRequired: 'Email required',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Subject required',
  messageRequired: 'Message required',
  nameTooLong: `Names must be ${CONTACT_LIMITS.nameMax} characters or less`,
  companyTooLong: `Company must be ${CONTACT_LIMITS.companyMax} characters or less`,
  subjectTooLong: `Subject must be ${CONTACT_LIMITS.subjectMax} characters or less`,
  messageTooLong: `Message must be ${CONTACT_LIMITS.messageMax.toLocaleString('en-US')} characters or less`,
  authRequired: 'Authentication required',
  tooMany: `You have sent ${CONTACT_LIMITS.perUserMax} messages in the last ${CONTACT_LIMITS.windowMinutes} minutes. Please wait a few minutes before sending another.`,
  sent: 'Message sent successfully!',
  sendFailed: 'Failed to send message',
} as const;

const EMAIL_SHAPE = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** Trimmed text; blank counts as missing. */
const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** The contact form and POST /api/contact. */
export const ContactBodySchema = z
  .object({
    firstName: requiredText(
      CONTACT_MESSAGES.firstNameRequired,
      CONTACT_LIMITS.nameMax,
      CONTACT_MESSAGES.nameTooLong,
    ),
    lastName: requiredText(
      CONTACT_MESSAGES.lastNameRequired,
      CONTACT_LIMITS.nameMax,
      CONTACT_MESSAGES.nameTooLong,
    ),
    email: z
      .string({ error: CONTACT_MESSAGES.emailRequired })
      .trim()
      .min(1, { error: CONTACT_MESSAGES.emailRequired, abort: true })
      .max(CONTACT_LIMITS.emailMax, { error: CONTACT_MESSAGES.emailInvalid, abort: true })
      .regex(EMAIL_SHAPE, CONTACT_MESSAGES.emailInvalid),
    /** Optional; blank means none. */
    company: z
      .string()
      .trim()
      .max(CONTACT_LIMITS.companyMax, CONTACT_MESSAGES.companyTooLong)
      .optional()
      .nullable()
      .transform((s) => (s ? s : null)),
    subject: requiredText(
      CONTACT_MESSAGES.subjectRequired,
      CONTACT_LIMITS.subjectMax,
      CONTACT_MESSAGES.subjectTooLong,
    ).default(DEFAULT_CONTACT_SUBJECT),
    message: requiredText(
      CONTACT_MESSAGES.messageRequired,
      CONTACT_LIMITS.messageMax,
      CONTACT_MESSAGES.messageTooLong,
    ),
  })
  .strict();
/** What the form holds (before defaults and trimming). */
export type ContactInput = z.input<typeof ContactBodySchema>;
export type ContactBody = z.output<typeof ContactBodySchema>;

/** The answer to POST /api/contact: the message is stored; `emailed` says it was handed to the outbox. */
export const ContactReceiptSchema = z.object({
  id: z.string(),
  stored: z.literal(true),
  emailed: z.boolean(),
  createdAt: z.string(),
});
export type ContactReceipt = z.infer<typeof ContactReceiptSchema>;
