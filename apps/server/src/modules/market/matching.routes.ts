import {
  ListMatchesQuerySchema,
  MatchListSchema,
  MatchPreferencesSchema,
  UpdateMatchPreferencesBodySchema,
} from '@app/shared/market/matching.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session.ts';
import type { MatchingService } from './matching.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(100) });
const SIGN_IN = 'Sign in to see your matches';

export const matchingRoutes =
  (matching: MatchingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/me/matches',
      { schema: { querystring: ListMatchesQuerySchema, response: { 200: MatchListSchema } } },
      async (request) => matching.listMyMatches(requireUser(request, SIGN_IN), request.query),
    );

    app.get(
      '/api/listings/:id/matches',
      {
        schema: { params: IdParams, querystring: ListMatchesQuerySchema, response: { 200: MatchListSchema } },
      },
      async (request) =>
        matching.listListingMatches(requireUser(request, SIGN_IN), request.params.id, request.query),
    );

    app.get(
      '/api/me/match-preferences',
      { schema: { response: { 200: MatchPreferencesSchema } } },
      async (request) => matching.getPreferences(requireUser(request, SIGN_IN)),
    );

    app.patch(
      '/api/me/match-preferences',
      { schema: { body: UpdateMatchPreferencesBodySchema, response: { 200: MatchPreferencesSchema } } },
      async (request) => matching.updatePreferences(requireUser(request, SIGN_IN), request.body),
    );
  };
