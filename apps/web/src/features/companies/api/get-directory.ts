import { COMPANY_LIMITS, type DirectoryPage } from '@app/shared/companies/companies.schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyKeys, type DirectoryFilters } from './company-keys';

export async function getDirectory(
  filters: DirectoryFilters,
  page: number,
  signal?: AbortSignal,
): Promise<DirectoryPage> {
  const { materials, ...rest } = filters;
  return api.get<DirectoryPage>('/api/companies', {
    query: {
      ...rest,
      materials: materials?.length ? materials.join(',') : undefined,
      page,
      limit: COMPANY_LIMITS.directoryPageSize,
    },
    signal,
  });
}

export const getDirectoryQueryOptions = (filters: DirectoryFilters) =>
  infiniteQueryOptions({
    queryKey: companyKeys.directory(filters),
    queryFn: ({ pageParam, signal }) => getDirectory(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return loaded < last.total && last.items.length === last.pageSize ? last.page + 1 : undefined;
    },
  });

/**
 * GET /api/companies: the public directory, 100 a page ("Load more" appends the next). `refetchInterval`
 * is the caller's: the directory polls every 10 s only while the realtime socket is down.
 */
export const useDirectory = (filters: DirectoryFilters, refetchInterval: number | false = false) =>
  useInfiniteQuery({ ...getDirectoryQueryOptions(filters), refetchInterval });
