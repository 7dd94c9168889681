import type { PublicConfig } from '@app/shared/ads/ads.schemas';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

let pending: Promise<PublicConfig> | null = null;

/** GET /api/config/public, fetched once per page load (a failure is retried on the next call). */
export function getPublicConfig(): Promise<PublicConfig> {
  pending ??= api.get<PublicConfig>('/api/config/public').catch((err: unknown) => {
    pending = null;
    throw err;
  });
  return pending;
}

/** The configuration never changes while the page is open. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config', 'public'] as const,
    queryFn: () => getPublicConfig(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
