import type { AdminReport, AdminReportPage, ReportAction } from '@app/shared/trust/trust.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { trustKeys } from './trust-keys';

export type ReportQueueStatus = 'open' | 'resolved' | 'all';

/** GET /api/admin/reports: the moderation queue, each report with its item in context. */
export const useAdminReports = (status: ReportQueueStatus, page: number) =>
  useQuery({
    queryKey: trustKeys.adminReports(status, page),
    queryFn: ({ signal }) =>
      api.get<AdminReportPage>(`/api/admin/reports?status=${status}&page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/reports/:id/resolve. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: string; action: ReportAction; note?: string }) =>
      api.post<AdminReport>(`/api/admin/reports/${encodeURIComponent(id)}/resolve`, { action, note }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trustKeys.adminAll }),
  });
}
