import {
  AdminReviewPageSchema,
  AdminReviewSchema,
  CompanyReputationSchema,
  DealReviewsSchema,
  HideReviewBodySchema,
  REVIEW_MESSAGES,
  ReplyBodySchema,
  ReputationsQuerySchema,
  ReputationsSchema,
  ReviewBodySchema,
  ReviewPageQuerySchema,
  ReviewPageSchema,
  ReviewSchema,
} from '@app/shared/reviews/reviews.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session.ts';
import type { AccessService } from '../access/index.ts';
import type { ReputationService } from './reputation.service.ts';
import type { ReviewsService } from './reviews.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(100) });
const MAX_IDS = 100;
const idsOf = (list: string | undefined) =>
  [
    ...new Set(
      (list ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0 && s.length <= 100),
    ),
  ].slice(0, MAX_IDS);

export const reviewsRoutes =
  (reviews: ReviewsService, reputation: ReputationService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/deals/:id/reviews',
      { schema: { params: IdParams, response: { 200: DealReviewsSchema } } },
      async (request) =>
        reviews.getDealReviews(requireUser(request, REVIEW_MESSAGES.signIn), request.params.id),
    );

    app.post(
      '/api/deals/:id/reviews',
      { schema: { params: IdParams, body: ReviewBodySchema, response: { 201: DealReviewsSchema } } },
      async (request, reply) => {
        const user = requireUser(request, REVIEW_MESSAGES.signIn);
        const result = await reviews.submitReview(user, request.params.id, request.body);
        reply.status(201);
        return result;
      },
    );

    app.post(
      '/api/reviews/:id/reply',
      { schema: { params: IdParams, body: ReplyBodySchema, response: { 200: ReviewSchema } } },
      async (request) =>
        reviews.reply(requireUser(request, 'Please sign in to reply.'), request.params.id, request.body),
    );

    app.get(
      '/api/companies/:id/reviews',
      {
        schema: { params: IdParams, querystring: ReviewPageQuerySchema, response: { 200: ReviewPageSchema } },
      },
      async (request) => reviews.companyReviews(request.params.id, request.query.page),
    );

    app.get(
      '/api/companies/:id/reputation',
      { schema: { params: IdParams, response: { 200: CompanyReputationSchema } } },
      async (request) => reputation.getCompanyReputation(request.params.id),
    );

    app.get(
      '/api/reputations',
      { schema: { querystring: ReputationsQuerySchema, response: { 200: ReputationsSchema } } },
      async (request) => {
        const [users, companies] = await Promise.all([
          reputation.userSummaries(idsOf(request.query.users)),
          reputation.companySummaries(idsOf(request.query.companies)),
        ]);
        return { users: Object.fromEntries(users), companies: Object.fromEntries(companies) };
      },
    );

    app.get(
      '/api/admin/reviews',
      { schema: { querystring: ReviewPageQuerySchema, response: { 200: AdminReviewPageSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return reviews.adminList(request.query.page);
      },
    );

    app.post(
      '/api/admin/reviews/:id/hide',
      { schema: { params: IdParams, body: HideReviewBodySchema, response: { 200: AdminReviewSchema } } },
      async (request) =>
        reviews.hideReview(await access.requireAdmin(request), request.params.id, request.body),
    );

    app.post(
      '/api/admin/reviews/:id/restore',
      { schema: { params: IdParams, response: { 200: AdminReviewSchema } } },
      async (request) => reviews.restoreReview(await access.requireAdmin(request), request.params.id),
    );
  };
