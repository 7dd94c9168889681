import nodemailer, { type Transporter } from 'nodemailer';
import { createMailer, type Mailer, SMTP_POOL_OPTIONS } from './mailer.ts';

export type SmtpServerSetting = { host: string; port: number };

/**
 * The mailer the server runs with: the SMTP server of the admin's email settings when a host is set,
 * else SMTP_URL, else the dev mailbox (the outbox only). The settings are read at each delivery, so a
 * change on /admin/system applies to the next email without a restart; the transport is built lazily and
 * rebuilt only when host or port change.
 */
export function createSettingsMailer(deps: {
  /** The current email.smtp_host and email.smtp_port settings. */
  smtpServer(): Promise<SmtpServerSetting>;
  /** SMTP_URL: the server used while no host is set in the settings. */
  smtpUrl: string | undefined;
  /** SMTP_USER and SMTP_PASSWORD, for the settings' server (environment only: secrets are not settings). */
  credentials: { user: string; password: string } | null;
}): Mailer {
  const fallback = createMailer(deps.smtpUrl);
  let cached: { key: string; transport: Transporter } | null = null;
  let usingSettingsServer = false;

  function transportFor({ host, port }: SmtpServerSetting): Transporter {
    const key = `${host}:${port}`;
    if (cached?.key === key) return cached.transport;
    // A pool's close lets a delivery in progress finish; one still waiting fails and is retried.
    cached?.transport.close();
    const transport = nodemailer.createTransport({
      ...SMTP_POOL_OPTIONS,
      host,
      port,
      // 465 is implicit TLS; other ports start plain and upgrade with STARTTLS when the server offers it.
      // With credentials the upgrade is required, so a password never crosses the network in clear text.
      secure: port === 465,
      requireTLS: port !== 465 && deps.credentials !== null,
      ...(deps.credentials ? { auth: { user: deps.credentials.user, pass: deps.credentials.password } } : {}),
    });
    cached = { key, transport };
    return transport;
  }

  return {
    /** Which way the last delivery went (before any, the environment's choice). */
    get kind() {
      return usingSettingsServer ? 'smtp' : fallback.kind;
    },
    async deliver(email) {
      const server = await deps.smtpServer();
      usingSettingsServer = server.host !== '';
      if (!usingSettingsServer) return fallback.deliver(email);
      await transportFor(server).sendMail(email);
    },
    close() {
      cached?.transport.close();
      cached = null;
      fallback.close();
    },
  };
}
