import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { holdsBearerLink } from '../../../../lib/bearer-link.ts';
import type { SandboxProvider } from './sandbox.provider.ts';
import type { CheckoutForm } from './sandbox-cards.ts';
import { renderCheckoutPage, renderMessagePage, renderPortalPage } from './sandbox-pages.ts';
import type { PortalAction } from './sandbox-portal.ts';

const Params = z.object({ id: z.string().min(1).max(100) });
const FormSchema = z
  .object({
    action: z.string().max(20).optional(),
    email: z.string().max(254).optional(),
    method: z.string().max(20).optional(),
    cardNumber: z.string().max(40).optional(),
    expiry: z.string().max(10).optional(),
    cvc: z.string().max(10).optional(),
    name: z.string().max(120).optional(),
  })
  .default({});
const PORTAL_ACTIONS = ['cancel', 'resume', 'refund', 'update-card'] as const;

const OTHER_BROWSER_MESSAGE = {
  checkout:
    'This checkout link was opened in another browser. Return to Recytrade and start the payment again.',
  portal:
    'This portal link was opened in another browser. Return to Recytrade and open the customer portal again.',
} as const;

/**
 * The sandbox provider's hosted pages, served by the app only while the sandbox is the provider. Each
 * page belongs to the first browser that opens it, and expires (checkout: a day; portal: an hour).
 */
export const sandboxPagesRoutes =
  (sandbox: SandboxProvider): FastifyPluginAsyncZod =>
  async (app) => {
    /** Whether this browser holds the page; otherwise the refusal page is sent (403). */
    const holds = async (
      request: FastifyRequest,
      reply: FastifyReply,
      kind: 'checkout' | 'portal',
      page: { id: string; browserKeyHash: string | null },
    ): Promise<boolean> => {
      const held = await holdsBearerLink(request, reply, {
        path: `/sandbox/${kind}/${encodeURIComponent(page.id)}`,
        keyHash: page.browserKeyHash,
        claim: (hash) => sandbox.claimBrowser(kind, page.id, hash),
      });
      if (!held)
        reply
          .type('text/html; charset=utf-8')
          .status(403)
          .send(renderMessagePage('Link already in use', OTHER_BROWSER_MESSAGE[kind]));
      return held;
    };

    // HTML forms post urlencoded bodies; this parser is scoped to these routes.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    app.get('/sandbox/checkout/:id', { schema: { params: Params } }, async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const view = await sandbox.getCheckoutView(request.params.id);
      if (!view)
        return reply
          .status(404)
          .send(renderMessagePage('Checkout not found', 'This checkout link is not valid.'));
      if (!(await holds(request, reply, 'checkout', view.session))) return reply;
      if (view.session.status === 'complete')
        return renderMessagePage('Payment complete', 'This checkout has already been paid.', {
          href: view.session.successUrl,
          label: 'Return to Recytrade',
        });
      if (view.session.status === 'expired')
        return reply.status(410).send(
          renderMessagePage(
            'Checkout expired',
            'This checkout has expired. Please start again from Recytrade.',
            {
              href: view.session.cancelUrl,
              label: 'Return to Recytrade',
            },
          ),
        );
      return renderCheckoutPage(view);
    });

    app.post(
      '/sandbox/checkout/:id',
      { schema: { params: Params, body: FormSchema } },
      async (request, reply) => {
        const form = request.body as CheckoutForm & { action?: string };
        const page = await sandbox.getCheckoutView(request.params.id);
        if (page && !(await holds(request, reply, 'checkout', page.session))) return reply;
        if (form.action === 'cancel') {
          const cancelUrl = await sandbox.cancelUrlOf(request.params.id);
          if (cancelUrl) return reply.redirect(cancelUrl, 303);
        }
        const result = await sandbox.completeCheckout(request.params.id, form);
        if (result.kind === 'redirect') return reply.redirect(result.url, 303);
        reply.type('text/html; charset=utf-8').status(result.status);
        if (!result.session || result.status === 410)
          return renderMessagePage('Checkout unavailable', result.message);
        const view = await sandbox.getCheckoutView(request.params.id);
        return renderCheckoutPage({
          session: result.session,
          customerEmail: view?.customerEmail ?? '',
          error: result.message,
          values: { ...form, cvc: '' },
        });
      },
    );

    app.get(
      '/sandbox/portal/:id',
      { schema: { params: Params, querystring: z.object({ notice: z.string().max(200).optional() }) } },
      async (request, reply) => {
        reply.type('text/html; charset=utf-8');
        const view = await sandbox.getPortalView(request.params.id);
        if (!view)
          return reply
            .status(404)
            .send(renderMessagePage('Portal not found', 'This portal link is not valid.'));
        if (!(await holds(request, reply, 'portal', view.portal))) return reply;
        if (view.expired)
          return reply.status(410).send(
            renderMessagePage(
              'Portal link expired',
              'Return to Recytrade and open the customer portal again.',
              {
                href: view.portal.returnUrl,
                label: 'Return to Recytrade',
              },
            ),
          );
        return renderPortalPage(view, { notice: request.query.notice });
      },
    );

    app.post(
      '/sandbox/portal/:id',
      { schema: { params: Params, body: FormSchema } },
      async (request, reply) => {
        const form = request.body as CheckoutForm & { action?: string };
        const portal = await sandbox.getPortalView(request.params.id);
        if (portal && !(await holds(request, reply, 'portal', portal.portal))) return reply;
        const action = PORTAL_ACTIONS.find((a) => a === form.action) as PortalAction | undefined;
        const result = action
          ? await sandbox.applyPortalAction(request.params.id, action, form)
          : { ok: false as const, status: 400, message: 'Choose an action.' };
        if (result.ok) {
          const to = `/sandbox/portal/${encodeURIComponent(request.params.id)}?notice=${encodeURIComponent(result.notice)}`;
          return reply.redirect(to, 303);
        }
        reply.type('text/html; charset=utf-8').status(result.status);
        const view = await sandbox.getPortalView(request.params.id);
        if (!view || view.expired) return renderMessagePage('Portal unavailable', result.message);
        return renderPortalPage(view, { error: result.message });
      },
    );
  };
