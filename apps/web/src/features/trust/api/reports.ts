import type { CreateReportBody, Report } from '@app/shared/trust/trust.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/reports: a trader's report of a listing, company, message or review. */
export function useCreateReport() {
  return useMutation({ mutationFn: (body: CreateReportBody) => api.post<Report>('/api/reports', body) });
}
