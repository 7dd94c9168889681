import { CLAIM_MESSAGES } from '@app/shared/deals/claim-rules';
import {
  AdminClaimListSchema,
  AdminClaimsQuerySchema,
  AnswerClaimBodySchema,
  ClaimDetailSchema,
  ClaimListSchema,
  DecideClaimBodySchema,
  OpenClaimBodySchema,
  RespondClaimBodySchema,
} from '@app/shared/deals/deal-claims.schemas';
import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session.ts';
import type { AccessService } from '../access/index.ts';
import type { DealClaims } from './deal-claims.ts';

const DealParamsSchema = z.object({ id: z.uuid({ error: DEAL_MESSAGES.invalidDealId }) });
const ClaimParamsSchema = DealParamsSchema.extend({
  claimId: z.uuid({ error: CLAIM_MESSAGES.claimNotFound }),
});
const SIGN_IN = DEAL_MESSAGES.signInToView;

/** Claims on shipped deals: the parties' steps and the administrators' queue and decisions. */
export const dealClaimsRoutes =
  (claims: DealClaims, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/deals/:id/claims',
      { schema: { params: DealParamsSchema, response: { 200: ClaimListSchema } } },
      async (request) => claims.listClaims(requireUser(request, SIGN_IN), request.params.id),
    );

    app.post(
      '/api/deals/:id/claims',
      {
        schema: { params: DealParamsSchema, body: OpenClaimBodySchema, response: { 201: ClaimDetailSchema } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await claims.openClaim(requireUser(request, SIGN_IN), request.params.id, request.body)),
    );

    app.post(
      '/api/deals/:id/claims/:claimId/answer',
      {
        schema: {
          params: ClaimParamsSchema,
          body: AnswerClaimBodySchema,
          response: { 200: ClaimDetailSchema },
        },
      },
      async (request) =>
        claims.answerClaim(
          requireUser(request, SIGN_IN),
          request.params.id,
          request.params.claimId,
          request.body,
        ),
    );

    app.post(
      '/api/deals/:id/claims/:claimId/respond',
      {
        schema: {
          params: ClaimParamsSchema,
          body: RespondClaimBodySchema,
          response: { 200: ClaimDetailSchema },
        },
      },
      async (request) =>
        claims.respondToClaim(
          requireUser(request, SIGN_IN),
          request.params.id,
          request.params.claimId,
          request.body,
        ),
    );

    app.get(
      '/api/admin/claims',
      { schema: { querystring: AdminClaimsQuerySchema, response: { 200: AdminClaimListSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return claims.adminListClaims(request.query);
      },
    );

    app.post(
      '/api/admin/deals/:id/claims/:claimId/decision',
      {
        schema: {
          params: ClaimParamsSchema,
          body: DecideClaimBodySchema,
          response: { 200: ClaimDetailSchema },
        },
      },
      async (request) => {
        const admin = await access.requireAdmin(request);
        return claims.decideClaim(admin, request.params.id, request.params.claimId, request.body);
      },
    );
  };
