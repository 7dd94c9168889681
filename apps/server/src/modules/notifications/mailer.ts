import nodemailer from 'nodemailer';

export type OutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on campaign emails. */
  headers?: Record<string, string>;
};

/** Delivers one email. With no SMTP server configured, the outbox itself is the dev mailbox. */
export type Mailer = {
  kind: 'smtp' | 'dev-mailbox';
  deliver(email: OutgoingEmail): Promise<void>;
  close(): void;
};

/**
 * The SMTP transport's pooling and timeouts: the outbox sends a batch in parallel over a few reused
 * connections, and a server that stalls fails the attempt (to be retried) well within the outbox's
 * claim on the batch, instead of after nodemailer's default ten minutes.
 */
export const SMTP_POOL_OPTIONS = {
  pool: true,
  maxConnections: 5,
  maxMessages: 100,
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 30_000,
} as const;

export function createMailer(smtpUrl: string | undefined): Mailer {
  if (!smtpUrl) {
    return { kind: 'dev-mailbox', deliver: async () => {}, close: () => {} };
  }
  // Options in the URL's query (e.g. ?pool=false) take precedence over these.
  const transport = nodemailer.createTransport({ ...SMTP_POOL_OPTIONS, url: smtpUrl });
  return {
    kind: 'smtp',
    async deliver(email) {
      await transport.sendMail(email);
    },
    close: () => transport.close(),
  };
}
