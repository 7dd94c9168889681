import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach } from 'vitest';
import { createMailer, type Mailer } from '../../src/modules/notifications/index.ts';

/** One message as the SMTP server received it: the envelope, the parsed parts and the raw source. */
export type ReceivedMail = {
  to: string[];
  from: { name: string; address: string } | undefined;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** The raw message, for headers the parser does not surface (List-Unsubscribe-Post). */
  raw: string;
};

const servers: SMTPServer[] = [];
const mailers: Mailer[] = [];
// Importing this factory closes the servers a test started once it ends, their mailers first: a
// server waits for open connections, and the mailers keep a pool of them.
afterEach(async () => {
  for (const mailer of mailers.splice(0)) mailer.close();
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

/**
 * A real SMTP server on a free port (no STARTTLS, no login) that keeps every message it accepts,
 * optionally refusing the first N with a temporary 451 so retries can be tested.
 */
export async function startSmtpServer(opts: { refuseFirst?: number } = {}): Promise<{
  port: number;
  url: string;
  mailer: Mailer;
  received: ReceivedMail[];
}> {
  const received: ReceivedMail[] = [];
  let refusals = opts.refuseFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (refusals > 0) {
          refusals -= 1;
          const err = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        const raw = Buffer.concat(chunks);
        const mail = await simpleParser(raw);
        const from = mail.from?.value[0];
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: from ? { name: from.name, address: from.address ?? '' } : undefined,
          replyTo: mail.replyTo?.text ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          raw: raw.toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const port = (server.server.address() as { port: number }).port;
  const url = `smtp://127.0.0.1:${port}`;
  const mailer = createMailer(url);
  mailers.push(mailer);
  return { port, url, mailer, received };
}
