import {
  AdminCompaniesQuerySchema,
  AdminCompanyPageSchema,
  AdminCompanySchema,
  CompanyBodySchema,
  CompanySchema,
  DirectoryPageSchema,
  DirectoryQuerySchema,
  OwnCompaniesSchema,
  OwnCompanySchema,
  RefuseVerificationBodySchema,
  RemoveCompanyBodySchema,
  RequestVerificationBodySchema,
  UpdateCompanyBodySchema,
} from '@app/shared/companies/companies.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session.ts';
import type { AccessService } from '../access/index.ts';
import type { CompaniesService } from './companies.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(100) });
const SIGN_IN_TO_MANAGE = 'Please sign in to manage your companies.';

export const companiesRoutes =
  (companies: CompaniesService, access: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/companies',
      { schema: { querystring: DirectoryQuerySchema, response: { 200: DirectoryPageSchema } } },
      async (request) => companies.directory(request.query),
    );

    app.get(
      '/api/companies/:id',
      { schema: { params: IdParams, response: { 200: CompanySchema } } },
      async (request) => companies.getCompany(request.params.id),
    );

    app.get('/api/me/companies', { schema: { response: { 200: OwnCompaniesSchema } } }, async (request) =>
      companies.listOwn(requireUser(request, SIGN_IN_TO_MANAGE).id),
    );

    app.post(
      '/api/companies',
      { schema: { body: CompanyBodySchema, response: { 201: CompanySchema } } },
      async (request, reply) => {
        const user = requireUser(request, SIGN_IN_TO_MANAGE);
        reply.status(201);
        return companies.createCompany(user, request.body);
      },
    );

    app.patch(
      '/api/companies/:id',
      { schema: { params: IdParams, body: UpdateCompanyBodySchema, response: { 200: CompanySchema } } },
      async (request) =>
        companies.updateOwnCompany(requireUser(request, SIGN_IN_TO_MANAGE), request.params.id, request.body),
    );

    app.post(
      '/api/companies/:id/verification-request',
      {
        schema: {
          params: IdParams,
          body: RequestVerificationBodySchema,
          response: { 200: OwnCompanySchema },
        },
      },
      async (request) =>
        companies.requestVerification(
          requireUser(request, SIGN_IN_TO_MANAGE),
          request.params.id,
          request.body.documentIds,
        ),
    );

    app.delete('/api/companies/:id', { schema: { params: IdParams } }, async (request, reply) => {
      await companies.deleteOwnCompany(requireUser(request, SIGN_IN_TO_MANAGE), request.params.id);
      return reply.status(204).send();
    });

    app.get(
      '/api/admin/companies',
      { schema: { querystring: AdminCompaniesQuerySchema, response: { 200: AdminCompanyPageSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return companies.adminList(request.query);
      },
    );

    app.post(
      '/api/admin/companies/:id/verify',
      { schema: { params: IdParams, response: { 200: AdminCompanySchema } } },
      async (request) => companies.verify(await access.requireAdmin(request), request.params.id),
    );

    app.post(
      '/api/admin/companies/:id/refuse-verification',
      {
        schema: {
          params: IdParams,
          body: RefuseVerificationBodySchema,
          response: { 200: AdminCompanySchema },
        },
      },
      async (request) =>
        companies.refuseVerification(
          await access.requireAdmin(request),
          request.params.id,
          request.body.reason,
        ),
    );

    app.post(
      '/api/admin/companies/:id/remove',
      { schema: { params: IdParams, body: RemoveCompanyBodySchema } },
      async (request, reply) => {
        const adminUser = await access.requireAdmin(request);
        await companies.remove(adminUser, request.params.id, request.body.reason);
        return reply.status(204).send();
      },
    );
  };
