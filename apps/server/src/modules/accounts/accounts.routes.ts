import {
  ChangePasswordFormSchema,
  EmailOnlyBodySchema,
  MeSchema,
  ResetPasswordBodySchema,
  SignInBodySchema,
  SignInResponseSchema,
  SignUpBodySchema,
  UpdateProfileBodySchema,
} from '@app/shared/accounts/accounts.schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, toHeaders } from '../../plugins/session.ts';
import type { AccountsService } from './accounts.service.ts';

export const accountsRoutes =
  (accounts: AccountsService, opts: { rateLimitPerMinute: number }): FastifyPluginAsyncZod =>
  async (app) => {
    // Per-address throttle in front of the per-account limits of the service.
    const authRateLimit = { rateLimit: { max: opts.rateLimitPerMinute, timeWindow: '1 minute' } };
    const ctx = (request: FastifyRequest) => ({ headers: toHeaders(request), ipAddress: request.ip });
    const setCookies = (reply: FastifyReply, cookies: string[]) => {
      if (cookies.length) reply.header('set-cookie', cookies);
    };

    app.post(
      '/api/accounts/sign-up',
      { schema: { body: SignUpBodySchema }, config: authRateLimit },
      async (request, reply) => {
        const result = await accounts.signUp(request.body, ctx(request));
        return reply.status(201).send(result);
      },
    );

    app.post(
      '/api/accounts/sign-in',
      { schema: { body: SignInBodySchema, response: { 200: SignInResponseSchema } }, config: authRateLimit },
      async (request, reply) => {
        const { setCookie, userId, firstSignIn } = await accounts.signIn(request.body, ctx(request));
        setCookies(reply, setCookie);
        return { ...(await accounts.getMe(userId)), firstSignIn };
      },
    );

    app.post('/api/accounts/sign-out', async (request, reply) => {
      const { setCookie } = await accounts.signOut(ctx(request));
      setCookies(reply, setCookie);
      return reply.status(204).send();
    });

    app.post(
      '/api/accounts/verify-email',
      { schema: { body: z.object({ token: z.string().min(1).max(2048) }).strict() }, config: authRateLimit },
      async (request, reply) => {
        await accounts.verifyEmail(request.body.token);
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/accounts/verification/resend',
      { schema: { body: EmailOnlyBodySchema }, config: authRateLimit },
      async (request, reply) => {
        await accounts.resendVerification(request.body.email);
        return reply.status(202).send({ ok: true });
      },
    );

    app.post(
      '/api/accounts/password-reset/request',
      { schema: { body: EmailOnlyBodySchema }, config: authRateLimit },
      async (request, reply) => {
        await accounts.requestPasswordReset(request.body.email);
        return reply.status(202).send({ ok: true });
      },
    );

    app.post(
      '/api/accounts/password-reset',
      { schema: { body: ResetPasswordBodySchema }, config: authRateLimit },
      async (request, reply) => {
        await accounts.resetPassword(request.body);
        return reply.status(204).send();
      },
    );

    app.get('/api/me', { schema: { response: { 200: MeSchema } } }, async (request) =>
      accounts.getMe(request.user?.id ?? null),
    );

    app.patch(
      '/api/me/profile',
      { schema: { body: UpdateProfileBodySchema, response: { 200: MeSchema } } },
      async (request) => {
        const user = requireUser(request);
        return accounts.updateProfile(user.id, request.body.fullName);
      },
    );

    app.post(
      '/api/me/password',
      { schema: { body: ChangePasswordFormSchema }, config: authRateLimit },
      async (request, reply) => {
        requireUser(request);
        const { setCookie } = await accounts.changePassword(ctx(request), request.body);
        setCookies(reply, setCookie);
        return reply.status(204).send();
      },
    );
  };
