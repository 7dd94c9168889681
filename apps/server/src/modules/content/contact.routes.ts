import {
  CONTACT_MESSAGES,
  ContactBodySchema,
  ContactReceiptSchema,
} from '@app/shared/content/contact.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session.ts';
import type { ContactService } from './contact.service.ts';

export const contactRoutes =
  (contact: ContactService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/contact',
      { schema: { body: ContactBodySchema, response: { 201: ContactReceiptSchema } } },
      async (request, reply) => {
        const user = requireUser(request, CONTACT_MESSAGES.authRequired);
        reply.status(201);
        return contact.sendContactMessage(user, request.body);
      },
    );
  };
