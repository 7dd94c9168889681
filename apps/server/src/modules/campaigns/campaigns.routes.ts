import {
  BulkEmailCampaignListSchema,
  BulkEmailCampaignSchema,
  BulkEmailPresetSchema,
  BulkEmailSendBodySchema,
  BulkEmailSendResultSchema,
  BulkEmailStatsSchema,
  MarketingPreferencesSchema,
  UnsubscribeStatusSchema,
  UnsubscribeTokenBodySchema,
} from '@app/shared/admin/bulk-email.schemas';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session.ts';
import type { AccessService } from '../access/index.ts';
import type { CampaignsService } from './campaigns.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(100) });
const TokenQuery = z.object({ token: UnsubscribeTokenBodySchema.shape.token });

export const campaignsRoutes =
  (campaigns: CampaignsService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    // ---- administrators ----
    app.get(
      '/api/admin/bulk-email/stats',
      { schema: { response: { 200: BulkEmailStatsSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return campaigns.getStats();
      },
    );

    app.get(
      '/api/admin/bulk-email/preset',
      { schema: { response: { 200: BulkEmailPresetSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return campaigns.getPresetPreview();
      },
    );

    app.post(
      '/api/admin/bulk-email/send',
      {
        schema: {
          body: BulkEmailSendBodySchema,
          response: { 200: BulkEmailSendResultSchema, 202: BulkEmailSendResultSchema },
        },
      },
      async (request, reply) => {
        const sender = await access.requireAdmin(request);
        const result = await campaigns.send(sender, request.body);
        return reply.code(result.mode === 'campaign' ? 202 : 200).send(result);
      },
    );

    app.get(
      '/api/admin/bulk-email/campaigns',
      { schema: { response: { 200: BulkEmailCampaignListSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return { campaigns: await campaigns.listRecent() };
      },
    );

    app.get(
      '/api/admin/bulk-email/campaigns/:id',
      { schema: { params: IdParams, response: { 200: BulkEmailCampaignSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return campaigns.getCampaign(request.params.id);
      },
    );

    // ---- the signed-in user's own switch ----
    app.get(
      '/api/me/email-preferences',
      { schema: { response: { 200: MarketingPreferencesSchema } } },
      async (request) => campaigns.getPreferences(requireUser(request)),
    );

    app.patch(
      '/api/me/email-preferences',
      {
        schema: { body: MarketingPreferencesSchema.strict(), response: { 200: MarketingPreferencesSchema } },
      },
      async (request) => campaigns.updatePreferences(requireUser(request), request.body),
    );

    // ---- unsubscribe links: no session, the signed token is the authority ----
    app.get(
      '/api/email-preferences/unsubscribe',
      { schema: { querystring: TokenQuery, response: { 200: UnsubscribeStatusSchema } } },
      async (request) => campaigns.getUnsubscribeStatus(request.query.token),
    );

    app.post(
      '/api/email-preferences/unsubscribe',
      { schema: { body: UnsubscribeTokenBodySchema.strict(), response: { 200: UnsubscribeStatusSchema } } },
      async (request) => campaigns.unsubscribeByToken(request.body.token, 'link'),
    );

    app.post(
      '/api/email-preferences/resubscribe',
      { schema: { body: UnsubscribeTokenBodySchema.strict(), response: { 200: UnsubscribeStatusSchema } } },
      async (request) => campaigns.resubscribeByToken(request.body.token),
    );

    // RFC 8058 one-click: the mail provider POSTs `List-Unsubscribe=One-Click` as a form, from its own
    // servers, with no cookie and no Origin. The same-origin guard only judges requests that carry
    // cookies, so it lets these through; the token alone decides whose opt-out it is.
    await app.register(async (scope) => {
      const oneClick = scope.withTypeProvider<ZodTypeProvider>();
      oneClick.addContentTypeParser(
        ['application/x-www-form-urlencoded', 'multipart/form-data'],
        { parseAs: 'string' },
        (_request, _body, done) => done(null, {}),
      );
      oneClick.post(
        '/api/email-preferences/one-click',
        { schema: { querystring: TokenQuery, response: { 200: UnsubscribeStatusSchema } } },
        async (request) => campaigns.unsubscribeByToken(request.query.token, 'one-click'),
      );
    });
  };
