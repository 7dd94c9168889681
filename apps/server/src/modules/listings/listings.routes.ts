import {
  AdminListingPageSchema,
  AdminListingsQuerySchema,
  ApproveListingBodySchema,
  CreateListingBodySchema,
  CreateListingResultSchema,
  LISTING_LIMITS,
  LISTING_MESSAGES,
  type ListingImageUpload,
  ListingImageUploadSchema,
  ListingPageSchema,
  ListingSchema,
  ListingUsageSchema,
  ListListingsQuerySchema,
  OwnListingPageSchema,
  OwnListingSchema,
  RejectListingBodySchema,
  UPLOAD_MESSAGES,
  UpdateListingBodySchema,
} from '@app/shared/listings/listings.schemas';
import { pageNumber } from '@app/shared/zod';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/session.ts';
import { uploadRateLimit } from '../../plugins/upload-rate-limit.ts';
import type { AccessService } from '../access/index.ts';
import type { ListingsService } from './listings.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(100) });
const PageQuery = z.object({ page: pageNumber() });
const SIGN_IN_TO_LIST = 'Please sign in to manage your listings.';

export const listingsRoutes =
  (
    listings: ListingsService,
    access: AccessService,
    opts: { uploadRateLimitPerMinute: number },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // Only this plugin parses multipart bodies (the photo upload); the byte limit is enforced while streaming.
    await app.register(multipart, {
      limits: { fileSize: LISTING_LIMITS.maxImageBytes, files: 1, fields: 0 },
    });
    const photoRateLimit = uploadRateLimit({
      name: 'upload',
      perMinute: opts.uploadRateLimitPerMinute,
      message: UPLOAD_MESSAGES.rateLimited,
    });

    app.get(
      '/api/listings',
      { schema: { querystring: ListListingsQuerySchema, response: { 200: ListingPageSchema } } },
      async (request) => listings.search(request.query, request.user?.id),
    );

    app.get(
      '/api/listings/featured',
      { schema: { response: { 200: z.object({ items: z.array(ListingSchema) }) } } },
      async () => listings.featured(),
    );

    app.get(
      '/api/listings/:id',
      { schema: { params: IdParams, response: { 200: z.union([OwnListingSchema, ListingSchema]) } } },
      async (request) =>
        listings.getListing(request.params.id, { userId: request.user?.id ?? null, ip: request.ip }),
    );

    app.post(
      '/api/listings',
      { schema: { body: CreateListingBodySchema, response: { 201: CreateListingResultSchema } } },
      async (request, reply) => {
        const user = requireUser(request, 'User not authenticated');
        reply.status(201);
        return listings.createListing(user, request.body);
      },
    );

    app.patch(
      '/api/listings/:id',
      { schema: { params: IdParams, body: UpdateListingBodySchema, response: { 200: OwnListingSchema } } },
      async (request) =>
        listings.updateOwnListing(requireUser(request, SIGN_IN_TO_LIST), request.params.id, request.body),
    );

    app.delete('/api/listings/:id', { schema: { params: IdParams } }, async (request, reply) => {
      await listings.deleteOwnListing(requireUser(request, SIGN_IN_TO_LIST), request.params.id);
      return reply.status(204).send();
    });

    app.post(
      '/api/listings/:id/feature',
      { schema: { params: IdParams, response: { 200: z.object({ url: z.string() }) } } },
      async (request) => listings.featureListing(requireUser(request, SIGN_IN_TO_LIST), request.params.id),
    );

    app.post(
      '/api/listings/images',
      { schema: { response: { 201: ListingImageUploadSchema } }, config: photoRateLimit },
      async (request, reply) => {
        const user = requireUser(request, SIGN_IN_TO_LIST);
        const { bytes, skippedFiles } = await readOneFile(request);
        const image: ListingImageUpload = await listings.uploadImage(user.id, bytes);
        if (skippedFiles)
          image.skipped = { message: UPLOAD_MESSAGES.filesSkipped, detail: UPLOAD_MESSAGES.onePerRequest };
        reply.status(201);
        return image;
      },
    );

    app.get(
      '/api/me/listings',
      { schema: { querystring: PageQuery, response: { 200: OwnListingPageSchema } } },
      async (request) => listings.listOwn(requireUser(request, SIGN_IN_TO_LIST).id, request.query.page),
    );

    app.get('/api/me/listing-usage', { schema: { response: { 200: ListingUsageSchema } } }, async (request) =>
      listings.usage(requireUser(request, SIGN_IN_TO_LIST).id),
    );

    app.get(
      '/api/admin/listings',
      { schema: { querystring: AdminListingsQuerySchema, response: { 200: AdminListingPageSchema } } },
      async (request) => {
        await access.requireAdmin(request);
        return listings.adminList(request.query.status, request.query.page);
      },
    );

    app.post(
      '/api/admin/listings/:id/approve',
      {
        schema: {
          params: IdParams,
          body: ApproveListingBodySchema.default({}),
          response: { 200: OwnListingSchema },
        },
      },
      async (request) => {
        const adminUser = await access.requireAdmin(request);
        return listings.approve(adminUser, request.params.id, request.body.notes);
      },
    );

    app.post(
      '/api/admin/listings/:id/reject',
      { schema: { params: IdParams, body: RejectListingBodySchema, response: { 200: OwnListingSchema } } },
      async (request) => {
        const adminUser = await access.requireAdmin(request);
        return listings.reject(adminUser, request.params.id, request.body.reason);
      },
    );

    /**
     * Uploaded photos. Each key is a new random UUID and a stored file never changes (a new photo is a
     * new key), so browsers and caches may keep them for a year.
     */
    app.get('/media/*', async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      // Only listing photos are public; private files (claim evidence, documents) live under `private/`.
      if (!key.startsWith('listings/')) throw new AppError('NOT_FOUND', 'File not found');
      const object = await listings.storage.get(key);
      if (!object) throw new AppError('NOT_FOUND', 'File not found');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type(object.contentType)
        .send(object.body);
    });
  };

/**
 * The one file of a photo upload. `toBuffer` does not throw when the byte limit falls in the last
 * chunk (busboy marks the stream truncated after the final read), so `truncated` is checked after it;
 * a second file part makes busboy raise its files limit, which is reported rather than ignored.
 */
async function readOneFile(request: FastifyRequest): Promise<{ bytes: Buffer; skippedFiles: boolean }> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', LISTING_MESSAGES.fileWrongType);
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== 'file') throw new AppError('VALIDATION_FAILED', LISTING_MESSAGES.fileWrongType);
      bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', LISTING_MESSAGES.fileTooLarge);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' && bytes) return { bytes, skippedFiles: true };
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', LISTING_MESSAGES.fileTooLarge);
    throw new AppError('VALIDATION_FAILED', LISTING_MESSAGES.fileWrongType);
  }
  if (!bytes) throw new AppError('VALIDATION_FAILED', LISTING_MESSAGES.fileWrongType);
  return { bytes, skippedFiles: false };
}
