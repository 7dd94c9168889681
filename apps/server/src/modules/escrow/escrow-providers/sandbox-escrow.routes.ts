import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxEscrowProvider } from './sandbox.escrow-provider.ts';
import { renderEscrowNotFoundPage, renderEscrowPage } from './sandbox-escrow-pages.ts';

const Params = z.object({ transactionId: z.string().min(1).max(100) });
const FormSchema = z.object({ action: z.string().max(20).optional() }).default({});
const ACTIONS = ['fund', 'cancel'] as const;

/** The escrow sandbox's hosted page, served only while the sandbox is the escrow provider. */
export const sandboxEscrowRoutes =
  (sandbox: SandboxEscrowProvider): FastifyPluginAsyncZod =>
  async (app) => {
    // HTML forms post urlencoded bodies; this parser is scoped to these routes.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    app.get(
      '/sandbox/escrow/:transactionId',
      { schema: { params: Params, querystring: z.object({ notice: z.string().max(200).optional() }) } },
      async (request, reply) => {
        reply.type('text/html; charset=utf-8');
        const view = await sandbox.getPageView(request.params.transactionId);
        if (!view) return reply.status(404).send(renderEscrowNotFoundPage());
        return renderEscrowPage(view, { notice: request.query.notice });
      },
    );

    app.post(
      '/sandbox/escrow/:transactionId',
      { schema: { params: Params, body: FormSchema } },
      async (request, reply) => {
        const { transactionId } = request.params;
        const action = ACTIONS.find((a) => a === request.body.action);
        const result = action
          ? await sandbox.applyPageAction(transactionId, action)
          : { ok: false as const, status: 400, message: 'Choose an action.' };
        if (result.ok)
          return reply.redirect(
            `/sandbox/escrow/${encodeURIComponent(transactionId)}?notice=${encodeURIComponent(result.notice)}`,
            303,
          );
        reply.type('text/html; charset=utf-8').status(result.status);
        const view = await sandbox.getPageView(transactionId);
        if (!view) return renderEscrowNotFoundPage();
        return renderEscrowPage(view, { error: result.message });
      },
    );
  };
