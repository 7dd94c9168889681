import type {
  BulkEmailCampaign,
  BulkEmailCampaignList,
  BulkEmailPreset,
  BulkEmailSendBody,
  BulkEmailSendResult,
  BulkEmailStats,
} from '@app/shared/admin/bulk-email.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type {
  BulkEmailCampaign,
  BulkEmailPreset,
  BulkEmailSendBody,
  BulkEmailSendResult,
  BulkEmailStats,
} from '@app/shared/admin/bulk-email.schemas';

export const bulkEmailKeys = {
  all: ['admin', 'bulk-email'] as const,
  stats: () => [...bulkEmailKeys.all, 'stats'] as const,
  preset: () => [...bulkEmailKeys.all, 'preset'] as const,
  campaigns: () => [...bulkEmailKeys.all, 'campaigns'] as const,
  campaign: (id: string) => [...bulkEmailKeys.all, 'campaigns', id] as const,
};

const CAMPAIGN_POLL_MS = 1000;

/** A campaign the job queue is still working on. */
export const isCampaignRunning = (campaign: Pick<BulkEmailCampaign, 'status'>) =>
  campaign.status === 'queued' || campaign.status === 'sending';

export async function getBulkEmailStats(signal?: AbortSignal): Promise<BulkEmailStats> {
  return api.get<BulkEmailStats>('/api/admin/bulk-email/stats', { signal });
}

/** GET /api/admin/bulk-email/stats: the six counts and how many people each audience would email now. */
export const useBulkEmailStats = () =>
  useQuery(
    queryOptions({ queryKey: bulkEmailKeys.stats(), queryFn: ({ signal }) => getBulkEmailStats(signal) }),
  );

export async function getBulkEmailPreset(signal?: AbortSignal): Promise<BulkEmailPreset> {
  return api.get<BulkEmailPreset>('/api/admin/bulk-email/preset', { signal });
}

/** GET /api/admin/bulk-email/preset: the preset campaign's subject and HTML, for the preview. */
export const useBulkEmailPreset = () =>
  useQuery(
    queryOptions({
      queryKey: bulkEmailKeys.preset(),
      queryFn: ({ signal }) => getBulkEmailPreset(signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );

export async function getBulkEmailCampaigns(signal?: AbortSignal): Promise<BulkEmailCampaign[]> {
  return (await api.get<BulkEmailCampaignList>('/api/admin/bulk-email/campaigns', { signal })).campaigns;
}

/** GET /api/admin/bulk-email/campaigns: the latest campaigns, newest first. */
export const useBulkEmailCampaigns = () =>
  useQuery(
    queryOptions({
      queryKey: bulkEmailKeys.campaigns(),
      queryFn: ({ signal }) => getBulkEmailCampaigns(signal),
    }),
  );

export async function getBulkEmailCampaign(id: string, signal?: AbortSignal): Promise<BulkEmailCampaign> {
  return api.get<BulkEmailCampaign>(`/api/admin/bulk-email/campaigns/${encodeURIComponent(id)}`, { signal });
}

/** GET /api/admin/bulk-email/campaigns/:id, asked again every second while the campaign is being sent. */
export const useBulkEmailCampaign = (id: string | null) =>
  useQuery({
    queryKey: bulkEmailKeys.campaign(id ?? ''),
    queryFn: ({ signal }) => getBulkEmailCampaign(id ?? '', signal),
    enabled: Boolean(id),
    refetchInterval: (query) =>
      query.state.data && !isCampaignRunning(query.state.data) ? false : CAMPAIGN_POLL_MS,
  });

export async function sendBulkEmail(body: BulkEmailSendBody): Promise<BulkEmailSendResult> {
  return api.post<BulkEmailSendResult>('/api/admin/bulk-email/send', body);
}

/**
 * POST /api/admin/bulk-email/send: a test email now ({mode: 'test'}), or a campaign the job queue
 * delivers ({mode: 'campaign'}) whose progress is then read with useBulkEmailCampaign.
 */
export function useSendBulkEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBulkEmail,
    onSuccess: (result) => {
      if (result.mode === 'campaign')
        queryClient.setQueryData(bulkEmailKeys.campaign(result.campaign.id), result.campaign);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bulkEmailKeys.campaigns(), exact: true }),
  });
}
