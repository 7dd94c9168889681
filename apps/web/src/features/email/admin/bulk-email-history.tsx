import { BULK_EMAIL_TARGET_INFO } from '@app/shared/admin/bulk-email.schemas';
import { History } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { ResponsiveTable, TableCardField, TableCell, TableHead, TableRow } from '@/components/ui/table';
import { parseApiError } from '@/lib/api-client';
import type { BulkEmailCampaign, useBulkEmailCampaigns } from '../api/bulk-email';

const STATUS_BADGES = {
  queued: { label: 'Queued', variant: 'secondary' },
  sending: { label: 'Sending', variant: 'info' },
  completed: { label: 'Completed', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
} as const satisfies Record<BulkEmailCampaign['status'], { label: string; variant: string }>;

export function CampaignStatusBadge({ status }: { status: BulkEmailCampaign['status'] }) {
  const badge = STATUS_BADGES[status];
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

const figure = (n: number) => new Intl.NumberFormat('en-US').format(n);

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso}>
      {new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
  );
}

function Delivery({ campaign }: { campaign: BulkEmailCampaign }) {
  return (
    <span className="grid tabular-nums">
      <span className="whitespace-nowrap">
        {figure(campaign.sentCount)} of {figure(campaign.totalRecipients)} sent
      </span>
      <span className="whitespace-nowrap text-muted-foreground">
        {figure(campaign.failedCount)} failed · {figure(campaign.skippedCount)} skipped
      </span>
    </span>
  );
}

const templateName = (campaign: BulkEmailCampaign) => (campaign.template === 'preset' ? 'Preset' : 'Custom');
const senderName = (campaign: BulkEmailCampaign) =>
  campaign.createdBy ? campaign.createdBy.name || campaign.createdBy.email : 'Deleted user';

/** Every recent campaign: when, by whom, to whom, what, and how delivery went. */
export function BulkEmailHistory({ campaigns }: { campaigns: ReturnType<typeof useBulkEmailCampaigns> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden />
          Campaign History
        </CardTitle>
        <CardDescription>The latest campaigns, newest first, with their delivery counts.</CardDescription>
      </CardHeader>
      <CardContent>
        <HistoryBody campaigns={campaigns} />
      </CardContent>
    </Card>
  );
}

function HistoryBody({ campaigns }: { campaigns: ReturnType<typeof useBulkEmailCampaigns> }) {
  if (campaigns.isPending)
    return <ListSkeleton label="Loading campaigns" rows={3} itemClassName="h-12 w-full" />;
  if (campaigns.isError)
    return (
      <EmptyState
        headingLevel={3}
        title="Failed to load campaigns"
        description={parseApiError(campaigns.error).message}
        action={<Button onClick={() => void campaigns.refetch()}>Try Again</Button>}
      />
    );
  if (campaigns.data.length === 0)
    return (
      <EmptyState
        headingLevel={3}
        title="No campaigns yet"
        description="Campaigns you send to an audience appear here with their delivery counts. Test emails are not listed."
      />
    );
  const list = campaigns.data;
  return (
    <ResponsiveTable
      items={list}
      rowKey={(c) => c.id}
      listClassName="gap-3"
      cardClassName="grid gap-1.5 rounded-lg border p-3 text-sm"
      head={
        <>
          <TableHead>When</TableHead>
          <TableHead>Sent By</TableHead>
          <TableHead>Audience</TableHead>
          <TableHead>Template</TableHead>
          <TableHead>Subject</TableHead>
          <TableHead>Delivery</TableHead>
          <TableHead>Status</TableHead>
        </>
      }
      row={(c) => (
        <TableRow>
          <TableCell className="whitespace-nowrap">
            <When iso={c.createdAt} />
          </TableCell>
          <TableCell className="[overflow-wrap:anywhere]">{senderName(c)}</TableCell>
          <TableCell>{BULK_EMAIL_TARGET_INFO[c.target].audience}</TableCell>
          <TableCell>{templateName(c)}</TableCell>
          <TableCell className="max-w-64 break-words font-medium">{c.subject}</TableCell>
          <TableCell>
            <Delivery campaign={c} />
          </TableCell>
          <TableCell>
            <CampaignStatusBadge status={c.status} />
          </TableCell>
        </TableRow>
      )}
      card={(c) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <span className="break-words font-medium">{c.subject}</span>
            <CampaignStatusBadge status={c.status} />
          </div>
          <TableCardField wrap="words" label="When">
            <When iso={c.createdAt} />
          </TableCardField>
          <TableCardField wrap="words" label="Sent by">
            {senderName(c)}
          </TableCardField>
          <TableCardField wrap="words" label="Audience">
            {BULK_EMAIL_TARGET_INFO[c.target].audience}
          </TableCardField>
          <TableCardField wrap="words" label="Template">
            {templateName(c)}
          </TableCardField>
          <TableCardField wrap="words" label="Delivery">
            <Delivery campaign={c} />
          </TableCardField>
        </>
      )}
    />
  );
}
