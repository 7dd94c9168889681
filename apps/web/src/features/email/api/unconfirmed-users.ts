import type {
  BulkResendResult,
  UnconfirmedUser,
  UnconfirmedUsers,
} from '@app/shared/admin/admin-overview.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { BulkResendResult, UnconfirmedUser } from '@app/shared/admin/admin-overview.schemas';

export async function getUnconfirmedUsers(signal?: AbortSignal): Promise<UnconfirmedUser[]> {
  return (await api.get<UnconfirmedUsers>('/api/admin/unconfirmed-users', { signal })).users;
}

export const unconfirmedUsersKey = ['admin', 'unconfirmed-users'] as const;

export const getUnconfirmedUsersQueryOptions = () =>
  queryOptions({ queryKey: unconfirmedUsersKey, queryFn: ({ signal }) => getUnconfirmedUsers(signal) });

/** GET /api/admin/unconfirmed-users: sign-ups whose email address is not confirmed, newest first. */
export const useUnconfirmedUsers = () => useQuery(getUnconfirmedUsersQueryOptions());

export const resendConfirmationEmail = (email: string) =>
  api.post<unknown>('/api/admin/unconfirmed-users/resend', { email });

/** POST /api/admin/unconfirmed-users/resend {email}: the sign-up confirmation email, once more. */
export function useResendConfirmationEmail() {
  return useMutation({ mutationFn: resendConfirmationEmail });
}

export async function bulkResendConfirmationEmails(emails: string[]): Promise<BulkResendResult> {
  return api.post<BulkResendResult>('/api/admin/unconfirmed-users/resend-all', { emails });
}

/** POST /api/admin/unconfirmed-users/resend-all {emails} → {successful, failed, total}. */
export function useBulkResendConfirmationEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkResendConfirmationEmails,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unconfirmedUsersKey }),
        // The back-office dashboard counts the unconfirmed users.
        queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] }),
      ]),
  });
}
