import { BULK_EMAIL_MESSAGES, BULK_EMAIL_TARGET_INFO } from '@app/shared/admin/bulk-email.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { MailCheck, Send, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/toast';
import { type BulkEmailCampaign, bulkEmailKeys, isCampaignRunning } from '../api/bulk-email';
import { CampaignStatusBadge } from './bulk-email-history';

const figure = (n: number) => new Intl.NumberFormat('en-US').format(n);

/**
 * Announces the end of a campaign this page watched run: the spec's completion toast, and fresh
 * stats and history. A campaign already finished when first seen is not announced again.
 */
function useCampaignFinished(campaign: BulkEmailCampaign) {
  const queryClient = useQueryClient();
  const last = useRef<{ id: string; running: boolean } | null>(null);
  useEffect(() => {
    const previous = last.current;
    const running = isCampaignRunning(campaign);
    last.current = { id: campaign.id, running };
    if (previous?.id !== campaign.id || !previous.running || running) return;
    if (campaign.status === 'completed') {
      toast.success(BULK_EMAIL_MESSAGES.campaignCompletedTitle, {
        description: BULK_EMAIL_MESSAGES.campaignCompleted(campaign.sentCount, campaign.failedCount),
      });
    } else {
      toast.error('Error', { description: BULK_EMAIL_MESSAGES.sendFailed });
    }
    void queryClient.invalidateQueries({ queryKey: bulkEmailKeys.campaigns(), exact: true });
    void queryClient.invalidateQueries({ queryKey: bulkEmailKeys.stats() });
  }, [campaign, queryClient]);
}

/** The campaign being sent: a bar of how many of its recipients are done, updated every second. */
export function BulkEmailProgress({
  campaign,
  onDismiss,
}: {
  campaign: BulkEmailCampaign;
  onDismiss: () => void;
}) {
  useCampaignFinished(campaign);
  const done = campaign.sentCount + campaign.failedCount + campaign.skippedCount;
  const percent = campaign.totalRecipients > 0 ? Math.round((done / campaign.totalRecipients) * 100) : 100;
  const running = isCampaignRunning(campaign);
  const Icon = running ? Send : MailCheck;

  return (
    <Card role="region" className="grid gap-4 p-5" aria-labelledby="bulk-email-progress-heading">
      <div className="grid gap-1">
        <div className="flex items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 id="bulk-email-progress-heading" className="flex items-center gap-2 text-lg font-semibold">
              <Icon className="size-5 shrink-0 text-primary" aria-hidden />
              {running ? 'Sending campaign' : 'Campaign finished'}
            </h2>
            <CampaignStatusBadge status={campaign.status} />
          </div>
          {running ? null : (
            <Button variant="ghost" size="icon" className="size-8" aria-label="Dismiss" onClick={onDismiss}>
              <X aria-hidden />
            </Button>
          )}
        </div>
        <p className="break-words text-sm text-muted-foreground">
          “{campaign.subject}” to {BULK_EMAIL_TARGET_INFO[campaign.target].audience.toLowerCase()}
        </p>
      </div>
      <Progress value={percent} aria-label="Campaign progress" />
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 text-sm">
        <p className="font-medium tabular-nums">
          Sent {figure(campaign.sentCount)} of {figure(campaign.totalRecipients)}
        </p>
        <p className="text-muted-foreground tabular-nums">
          {figure(campaign.failedCount)} failed · {figure(campaign.skippedCount)} skipped (opted out)
        </p>
      </div>
    </Card>
  );
}
