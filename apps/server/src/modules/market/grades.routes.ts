import { ListGradesQuerySchema, MaterialGradeListSchema } from '@app/shared/market/grades.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GradesService } from './grades.service.ts';

export const gradesRoutes =
  (grades: GradesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/market/grades',
      { schema: { querystring: ListGradesQuerySchema, response: { 200: MaterialGradeListSchema } } },
      async (request) => grades.listGrades(request.query),
    );
  };
