import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { NotificationsService } from './notifications.service.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The dev mailbox: registered only outside production when no SMTP server is configured. */
export const devMailboxRoutes =
  (notifications: NotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dev/mailbox',
      {
        schema: {
          querystring: z.object({
            to: z.string().max(254).optional(),
            limit: z.coerce.number().int().min(1).max(200).optional(),
          }),
        },
      },
      async (request) => {
        const rows = await notifications.listMailbox(request.query);
        return {
          emails: rows.map((r) => ({
            id: r.id,
            to: r.toAddress,
            replyTo: r.replyTo,
            subject: r.subject,
            kind: r.kind,
            text: r.textBody,
            html: r.htmlBody,
            status: r.status,
            createdAt: r.createdAt.toISOString(),
          })),
        };
      },
    );

    app.get('/dev/mailbox', async (_request, reply) => {
      const rows = await notifications.listMailbox({ limit: 100 });
      const items = rows
        .map(
          (r) =>
            `<tr><td>${escapeHtml(r.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(r.toAddress)}</td><td><a href="/dev/mailbox/${encodeURIComponent(r.id)}">${escapeHtml(r.subject)}</a></td><td>${escapeHtml(r.status)}</td></tr>`,
        )
        .join('');
      reply
        .type('text/html')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#0f172a}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.5rem;border-bottom:1px solid #e2e8f0}a{color:#0f766e}</style></head>
<body><h1>Dev mailbox</h1><p>Every email the app has sent in development. Newest first.</p>
<table><thead><tr><th>Time (UTC)</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${items || '<tr><td colspan="4">No emails yet.</td></tr>'}</tbody></table></body></html>`);
    });

    app.get(
      '/dev/mailbox/:id',
      { schema: { params: z.object({ id: z.string().max(100) }) } },
      async (request, reply) => {
        const row = await notifications.getEmail(request.params.id);
        if (!row) throw new AppError('NOT_FOUND', 'No such email');
        reply.type('text/html').send(row.htmlBody);
      },
    );
  };
