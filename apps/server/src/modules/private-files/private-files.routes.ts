import {
  PRIVATE_FILE_LIMITS,
  PRIVATE_FILE_MESSAGES,
  PRIVATE_FILE_PURPOSES,
  PrivateFileViewSchema,
} from '@app/shared/files/private-files.schemas';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/session.ts';
import { uploadRateLimit } from '../../plugins/upload-rate-limit.ts';
import type { PrivateFilesService } from './private-files.service.ts';

const UploadQuery = z.object({ purpose: z.enum(PRIVATE_FILE_PURPOSES) });
const IdParams = z.object({ id: z.string().min(1).max(100) });

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const privateFilesRoutes =
  (files: PrivateFilesService, opts: { uploadRateLimitPerMinute: number }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: PRIVATE_FILE_LIMITS.maxBytes, files: 1, fields: 0 },
    });
    const fileRateLimit = uploadRateLimit({
      name: 'private-upload',
      perMinute: opts.uploadRateLimitPerMinute,
      message: PRIVATE_FILE_MESSAGES.rateLimited,
    });

    app.post(
      '/api/files',
      {
        config: fileRateLimit,
        schema: { querystring: UploadQuery, response: { 201: PrivateFileViewSchema } },
      },
      async (request, reply) => {
        const user = requireUser(request, PRIVATE_FILE_MESSAGES.signIn);
        const file = await readOneFile(request);
        return reply.code(201).send(await files.upload(user.id, request.query.purpose, file));
      },
    );

    app.get('/api/files/:id', { schema: { params: IdParams } }, async (request, reply) => {
      // A visitor learns no more than a stranger: the same 404 as for a file that does not exist.
      if (!request.user) throw new AppError('NOT_FOUND', PRIVATE_FILE_MESSAGES.notFound);
      const { file, body } = await files.read(request.user, request.params.id);
      return reply
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .type(file.contentType)
        .send(body);
    });
  };

/** The one file of an upload, with its name; a second file or an oversized one is refused. */
async function readOneFile(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', PRIVATE_FILE_MESSAGES.wrongType);
  let found: { bytes: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== 'file') throw new AppError('VALIDATION_FAILED', PRIVATE_FILE_MESSAGES.wrongType);
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', PRIVATE_FILE_MESSAGES.tooLarge);
      found = { bytes, fileName: part.filename };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('VALIDATION_FAILED', PRIVATE_FILE_MESSAGES.oneFile);
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', PRIVATE_FILE_MESSAGES.tooLarge);
    throw new AppError('VALIDATION_FAILED', PRIVATE_FILE_MESSAGES.wrongType);
  }
  if (!found) throw new AppError('VALIDATION_FAILED', PRIVATE_FILE_MESSAGES.wrongType);
  return found;
}
