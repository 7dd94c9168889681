import type { FailedEmails, ResendFailedEmailsResult } from '@app/shared/admin/admin-overview.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { FailedEmail, FailedEmails } from '@app/shared/admin/admin-overview.schemas';

export async function getFailedEmails(signal?: AbortSignal): Promise<FailedEmails> {
  return api.get<FailedEmails>('/api/admin/failed-emails', { signal });
}

export const failedEmailsKey = ['admin', 'failed-emails'] as const;

export const getFailedEmailsQueryOptions = () =>
  queryOptions({ queryKey: failedEmailsKey, queryFn: ({ signal }) => getFailedEmails(signal) });

/** GET /api/admin/failed-emails: emails the outbox gave up on after a day of retries, newest first. */
export const useFailedEmails = () => useQuery(getFailedEmailsQueryOptions());

export const resendFailedEmail = (id: string) =>
  api.post<unknown>(`/api/admin/failed-emails/${encodeURIComponent(id)}/resend`);

/** POST /api/admin/failed-emails/:id/resend: queues the email again with a new retry window. */
export function useResendFailedEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendFailedEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedEmailsKey }),
  });
}

export async function resendAllFailedEmails(): Promise<ResendFailedEmailsResult> {
  return api.post<ResendFailedEmailsResult>('/api/admin/failed-emails/resend-all');
}

/** POST /api/admin/failed-emails/resend-all → {queued}: every failed email, queued again. */
export function useResendAllFailedEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendAllFailedEmails,
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedEmailsKey }),
  });
}
