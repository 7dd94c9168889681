import type { ReputationSummary } from '@app/shared/reviews/reputation';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type Reputations = {
  users: Record<string, ReputationSummary>;
  companies: Record<string, ReputationSummary>;
};

/** Every reputation query starts with this key: a review or a hidden review invalidates them all. */
export const REPUTATION_QUERY_KEY = ['reputations'] as const;

const sortedUnique = (ids: readonly string[] = []) => [...new Set(ids.filter(Boolean))].sort();

export async function getReputations(
  ids: { users?: readonly string[]; companies?: readonly string[] },
  signal?: AbortSignal,
): Promise<Reputations> {
  const params = new URLSearchParams();
  if (ids.users?.length) params.set('users', ids.users.join(','));
  if (ids.companies?.length) params.set('companies', ids.companies.join(','));
  return api.get<Reputations>(`/api/reputations?${params}`, { signal });
}

/**
 * GET /api/reputations: the compact figures of traders (by user id) or companies (by company id), one
 * request for a page of cards. Kept a minute: figures change with deals and reviews, not by the second.
 */
export function useReputations(ids: { users?: readonly string[]; companies?: readonly string[] }) {
  const users = sortedUnique(ids.users);
  const companies = sortedUnique(ids.companies);
  return useQuery({
    queryKey: [...REPUTATION_QUERY_KEY, 'batch', users, companies] as const,
    queryFn: ({ signal }) => getReputations({ users, companies }, signal),
    enabled: users.length + companies.length > 0,
    staleTime: 60_000,
  });
}
