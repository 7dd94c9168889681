import { API_RATE_LIMIT, RATE_LIMIT_EXTENSION } from '@app/shared/public-api/public-api.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiRateLimit } from '../utils/api-snippets';
import type { OpenApiDocument } from '../utils/openapi-model';

// Only the frame is checked here; the rest is JSON Schema the page reads defensively.
const OpenApiDocumentFrameSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export async function getOpenApiDocument(signal?: AbortSignal): Promise<OpenApiDocument> {
  const document = await api.get(paths.openApiDocument, { signal });
  OpenApiDocumentFrameSchema.parse(document);
  return document as OpenApiDocument;
}

export const openApiDocumentQueryOptions = () =>
  queryOptions({
    queryKey: ['public-api', 'openapi-document'] as const,
    queryFn: ({ signal }) => getOpenApiDocument(signal),
    // The document changes only with a deploy.
    staleTime: 5 * 60_000,
  });

/** GET /api/v1/openapi.json: the OpenAPI 3.1 document of the public API. */
export const useOpenApiDocument = () => useQuery(openApiDocumentQueryOptions());

const RateLimitExtensionSchema = z.object({
  requestsPerWindow: z.number().int().positive(),
  windowSeconds: z.number().int().positive(),
});

/**
 * The rate limit this server enforces, read from its OpenAPI document (the operator may have changed
 * the default); the shared default until the document has loaded.
 */
export function useApiRateLimit(): ApiRateLimit {
  const { data } = useOpenApiDocument();
  const parsed = RateLimitExtensionSchema.safeParse(
    (data?.info as Record<string, unknown> | undefined)?.[RATE_LIMIT_EXTENSION],
  );
  return parsed.success ? parsed.data : API_RATE_LIMIT;
}
