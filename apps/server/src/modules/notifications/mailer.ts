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

export function createMailer(smtpUrl: string | undefined): Mailer {
  if (!smtpUrl) {
    return { kind: 'dev-mailbox', deliver: async () => {}, close: () => {} };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async deliver(email) {
      await transport.sendMail(email);
    },
    close: () => transport.close(),
  };
}
