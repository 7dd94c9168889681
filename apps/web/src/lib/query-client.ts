import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client';
import { ME_QUERY_KEY } from './auth-client';
import { PLATFORM_STATUS_QUERY_KEY, PLATFORM_SWITCH_ERROR_CODES } from './platform-status';

/** Client errors (4xx) are answers, not glitches: retry only network failures and 5xx, at most twice. */
export function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiRequestError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  // The one interceptor: a request answered UNAUTHENTICATED means the session ended (expired, revoked
  // elsewhere), so re-read /api/me and let every screen react to the signed-out state.
  const onError = (error: unknown) => {
    if (error instanceof ApiRequestError && error.code === 'UNAUTHENTICATED') {
      void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
    }
    // Maintenance switched on (or sign-ups or listings closed) since the status was read: re-read it so
    // the maintenance page or the closed notice shows at once instead of a failed screen.
    if (error instanceof ApiRequestError && PLATFORM_SWITCH_ERROR_CODES.has(error.code)) {
      void client.invalidateQueries({ queryKey: PLATFORM_STATUS_QUERY_KEY });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}
