import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { databaseUnavailable, isDatabaseUnavailable } from '../lib/database-unavailable.ts';
import { type ErrorReporter, toErrorReport } from '../lib/error-reporter.ts';
import { describeError } from '../lib/log-error.ts';
import { sendPage } from './web-assets.ts';

/**
 * Errors the router raises before any handler or hook runs (a malformed URL, a path segment longer
 * than the router accepts): answered in the one error shape, as a 400, instead of Fastify's own body.
 */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The request URL is not valid';
  return reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message } });
}

/** The one mapping from any thrown error to `{ error: { code, message } }`. */
export function registerErrorHandler(app: FastifyInstance, reporter: ErrorReporter) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return sendAppError(reply, err);
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The specification joins validation messages with ", ".
      const messages = [...new Set(err.validation.map((v) => v.message))];
      return reply.status(400).send({
        error: {
          code: 'VALIDATION_FAILED',
          message: messages.join(', '),
          details: err.validation.map((v) => ({ path: v.instancePath, message: v.message })),
        },
      });
    }
    // A database restart or failover is not a bug: 503 with Retry-After, and no error report.
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: describeError(err) }, 'database unreachable');
      return sendAppError(reply, databaseUnavailable());
    }
    const status = err.statusCode ?? 500;
    if (status === 413) {
      return reply
        .status(413)
        .send({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' } });
    }
    if (status === 429) {
      return reply
        .status(429)
        .send({ error: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again shortly.' } });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, empty body.
      return reply
        .status(status)
        .send({ error: { code: 'VALIDATION_FAILED', message: clientErrorMessage(err) } });
    }
    const report = toErrorReport(`${request.method} ${request.routeOptions.url ?? request.url}`, err);
    request.log.error({ err, report }, 'unhandled error');
    reporter.report(report);
    return reply
      .status(500)
      .send({ error: { code: 'INTERNAL', message: 'An unexpected error occurred. Please try again.' } });
  });
}

function sendAppError(reply: FastifyReply, err: AppError) {
  const retryAfter = (err.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
  if (retryAfter) reply.header('retry-after', String(retryAfter));
  const details = err.expose && err.details !== undefined ? { details: err.details } : {};
  return reply.status(err.status).send({ error: { code: err.code, message: err.message, ...details } });
}

/** Client routes that live under /api: the public API's documentation and SDK pages. */
const SPA_PAGES_UNDER_API = new Set(['/api/docs', '/api/sdk']);

/**
 * The one not-found handler. With the web app served, any GET outside /api and /assets gets the SPA
 * shell, which renders its own 404 page; everything else gets the error shape.
 */
export function registerNotFoundHandler(
  app: FastifyInstance,
  opts: {
    serveSpa: boolean;
    /** The shell with the page's own title and meta tags; on failure the plain shell is sent. */
    renderPage?: (path: string, viewer: { search: string; visitor: boolean }) => Promise<string>;
  },
) {
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const isPage =
      request.method === 'GET' &&
      ((!path.startsWith('/api/') && !path.startsWith('/assets/')) || SPA_PAGES_UNDER_API.has(path));
    if (opts.serveSpa && isPage && opts.renderPage) {
      try {
        const search = request.url.slice(path.length).replace(/^\?$/, '');
        const html = await opts.renderPage(path, { search, visitor: !request.user });
        return await sendPage(request, reply, html);
      } catch (err) {
        request.log.warn({ err }, 'page metadata failed; sending the plain shell');
      }
    }
    if (opts.serveSpa && isPage) return reply.type('text/html').sendFile('index.html');
    return reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${path}` } });
  });
}

function clientErrorMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return err.message || 'Bad request';
  }
}
