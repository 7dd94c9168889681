import { DEAL_CONSTANTS, DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { Ban, CheckCheck, Inbox, Landmark } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { Select } from '@/components/ui/select';
import { ListSkeleton } from '@/components/ui/skeleton';
import { ResponsiveTable, TableActionsHead, TableCell, TableHead, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { formatShortDate, formatUsd } from '@/lib/format';
import { type Deal, useAdminDeals } from '../api/get-admin-deals';
import {
  useAdminWireTransfers,
  type WireTransfer,
  type WireTransferFilter,
} from '../api/get-admin-wire-transfers';
import { useWireTransferAction } from '../api/wire-transfer-action';
import { FeeTransfers, VerifyWireDialog } from './verify-wire-dialog';
import { formatWireAmount, WireDeal, WireReference, WireStatusBadge } from './wire-transfer-parts';

const FILTERS: { value: WireTransferFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'received', label: 'Received' },
  { value: 'verified', label: 'Verified' },
  { value: 'failed', label: 'Failed' },
  { value: 'all', label: 'All' },
];

const EMPTY: Record<WireTransferFilter, { title: string; description: string }> = {
  pending: {
    title: 'No wire transfers waiting',
    description:
      'When a buyer chooses Wire Transfer to fund a deal, the transfer appears here until you verify it.',
  },
  received: {
    title: 'No received wire transfers',
    description: 'Transfers you mark as received, but have not verified yet, appear here.',
  },
  verified: { title: 'No verified wire transfers', description: 'Transfers you verify appear here.' },
  failed: { title: 'No failed wire transfers', description: 'Transfers marked as failed appear here.' },
  all: {
    title: 'No wire transfers yet',
    description: 'Wire transfers appear here as soon as a buyer chooses Wire Transfer to fund a deal.',
  },
};

type RowActions = {
  onReceived: (wire: WireTransfer) => void;
  onVerify: (wire: WireTransfer) => void;
  onFail: (wire: WireTransfer) => void;
  busyId: string | undefined;
};

const actionError = (error: unknown, fallback: string) => {
  const apiError = parseApiError(error);
  return apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL' ? fallback : apiError.message;
};

/** Wire transfers by status: mark received, verify (booking the fees), mark failed. */
export function WireTransfersPanel() {
  const [status, setStatus] = useState<WireTransferFilter>('pending');
  const transfers = useAdminWireTransfers(status);
  const deals = useAdminDeals('all');
  const action = useWireTransferAction();
  const [failing, setFailing] = useState<WireTransfer | null>(null);
  // The transfer being verified, kept while the dialog is open: once verified it leaves the Pending list.
  const [verifying, setVerifying] = useState<WireTransfer | null>(null);

  const dealsById = useMemo(() => new Map((deals.data ?? []).map((d) => [d.id, d])), [deals.data]);

  const onReceived = async (wire: WireTransfer) => {
    try {
      await action.mutateAsync({ id: wire.id, action: 'received' });
      toast.success('Wire transfer marked as received', { description: wire.referenceNumber });
    } catch (error) {
      toast.error(actionError(error, 'Failed to update wire transfer'));
    }
  };

  const onFail = async (notes: string) => {
    if (!failing) return;
    try {
      await action.mutateAsync({ id: failing.id, action: 'fail', adminNotes: notes });
      toast.success('Wire transfer marked as failed', { description: failing.referenceNumber });
      setFailing(null);
    } catch (error) {
      toast.error(actionError(error, 'Failed to update wire transfer'));
    }
  };

  const rowActions: RowActions = {
    onReceived: (wire) => void onReceived(wire),
    onVerify: setVerifying,
    onFail: setFailing,
    busyId: action.isPending ? action.variables?.id : undefined,
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid w-full gap-2 sm:w-56">
          <Label htmlFor="wire-status-filter">Status</Label>
          <Select
            id="wire-status-filter"
            value={status}
            onChange={(event) => setStatus(event.target.value as WireTransferFilter)}
          >
            {FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </Select>
        </div>
        {transfers.data && transfers.data.length > 0 ? (
          <p className="tabular text-sm text-muted-foreground" aria-live="polite">
            {countLabel(transfers.data.length, status)}
          </p>
        ) : null}
      </div>
      <WireTransferList
        status={status}
        transfers={transfers}
        dealsById={dealsById}
        actions={rowActions}
        onShowAll={() => setStatus('all')}
      />
      <VerifyWireDialog wire={verifying} onClose={() => setVerifying(null)} />
      <ReasonDialog
        open={failing !== null}
        onOpenChange={(open) => !open && setFailing(null)}
        title="Mark wire transfer as failed"
        description={
          <>
            {failing?.referenceNumber} · {failing ? formatWireAmount(failing) : null}. The deal stays unfunded
            and the buyer can choose another way to pay.
          </>
        }
        fieldLabel="Notes"
        submitLabel="Mark as Failed"
        busyLabel="Saving..."
        isBusy={action.isPending}
        requiredMessage="Please add a note explaining why the transfer failed."
        maxLength={DEAL_CONSTANTS.adminNotesMax}
        onSubmit={(notes) => void onFail(notes)}
      />
    </div>
  );
}

function countLabel(count: number, status: WireTransferFilter) {
  const noun = count === 1 ? 'transfer' : 'transfers';
  return status === 'all' ? `${count} ${noun}` : `${count} ${status} ${noun}`;
}

function WireTransferList({
  status,
  transfers,
  dealsById,
  actions,
  onShowAll,
}: {
  status: WireTransferFilter;
  transfers: ReturnType<typeof useAdminWireTransfers>;
  dealsById: Map<string, Deal>;
  actions: RowActions;
  onShowAll: () => void;
}) {
  if (transfers.isPending) return <WireTransfersSkeleton />;
  if (transfers.isError) {
    const apiError = parseApiError(transfers.error);
    return (
      <EmptyState
        title={DEAL_MESSAGES.loadWireTransfersFailed}
        description={
          apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL' ? undefined : apiError.message
        }
        action={<Button onClick={() => void transfers.refetch()}>Try Again</Button>}
      />
    );
  }
  if (transfers.data.length === 0) {
    const empty = EMPTY[status];
    return (
      <EmptyState
        icon={status === 'pending' ? Inbox : Landmark}
        title={empty.title}
        description={empty.description}
        action={
          status === 'all' ? undefined : (
            <Button variant="outline" onClick={onShowAll}>
              Show All Transfers
            </Button>
          )
        }
      />
    );
  }
  return (
    <ResponsiveTable
      items={transfers.data}
      rowKey={(wire) => wire.id}
      listLabel="Wire transfers"
      head={
        <>
          <TableHead>Reference</TableHead>
          <TableHead>User</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Deal</TableHead>
          <TableHead>Status</TableHead>
          <TableActionsHead />
        </>
      }
      row={(wire) => (
        <WireTableRow
          wire={wire}
          deal={wire.relatedId ? dealsById.get(wire.relatedId) : undefined}
          actions={actions}
        />
      )}
      card={(wire) => (
        <WireCard
          wire={wire}
          deal={wire.relatedId ? dealsById.get(wire.relatedId) : undefined}
          actions={actions}
        />
      )}
    />
  );
}

function Commission({ wire }: { wire: WireTransfer }) {
  return (
    <span className="tabular text-xs text-muted-foreground">
      Commission {formatUsd(wire.commissionCents, { alwaysCents: true })}
    </span>
  );
}

/** Verified at, by whom, and the admin's notes (also the reason a transfer failed). */
function Verification({ wire }: { wire: WireTransfer }) {
  return (
    <div className="grid gap-1 text-xs text-muted-foreground">
      {wire.verifiedAt ? (
        <p>
          Verified {formatShortDate(wire.verifiedAt)}
          {wire.verifiedByAdminEmail ? (
            <span className="block [overflow-wrap:anywhere]">by {wire.verifiedByAdminEmail}</span>
          ) : null}
        </p>
      ) : null}
      {wire.adminNotes ? (
        <p className="max-w-64 text-foreground">
          <span className="font-medium">Notes: </span>
          {wire.adminNotes}
        </p>
      ) : null}
    </div>
  );
}

function WireActions({
  wire,
  actions,
  className,
}: {
  wire: WireTransfer;
  actions: RowActions;
  className?: string;
}) {
  if (wire.status === 'failed') return null;
  if (wire.status === 'verified') {
    if (wire.returnedToBuyer)
      return (
        <p className={className}>
          <span className="text-xs font-medium text-muted-foreground">Returned to buyer, less the fee</span>
        </p>
      );
    const feesDone =
      wire.processingFeeTransferred &&
      (wire.paymentType !== 'deal_escrow' || wire.commissionCents === 0 || wire.commissionTransferred);
    return feesDone ? (
      <p className={className}>
        <span className="flex items-center gap-1.5 text-xs font-medium text-success-soft-foreground">
          <CheckCheck className="size-4 text-success" aria-hidden />
          Fees booked
        </span>
      </p>
    ) : (
      <div className="ml-auto w-full max-w-60">
        <FeeTransfers wire={wire} />
      </div>
    );
  }
  const busy = actions.busyId !== undefined;
  return (
    <div className={className}>
      {wire.status === 'pending' ? (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => actions.onReceived(wire)}
          aria-label={`Mark Received ${wire.referenceNumber}`}
        >
          <Inbox aria-hidden />
          {actions.busyId === wire.id ? 'Saving...' : 'Mark Received'}
        </Button>
      ) : null}
      <Button
        size="sm"
        disabled={busy}
        onClick={() => actions.onVerify(wire)}
        aria-label={`Verify ${wire.referenceNumber}`}
      >
        <CheckCheck aria-hidden />
        Verify
      </Button>
      <Button
        size="sm"
        variant="outline"
        className="text-destructive hover:bg-destructive-soft"
        disabled={busy}
        onClick={() => actions.onFail(wire)}
        aria-label={`Mark Failed ${wire.referenceNumber}`}
      >
        <Ban aria-hidden />
        Mark Failed
      </Button>
    </div>
  );
}

function WireTableRow({
  wire,
  deal,
  actions,
}: {
  wire: WireTransfer;
  deal: Deal | undefined;
  actions: RowActions;
}) {
  return (
    <TableRow className="align-top">
      <TableCell className="align-top">
        <WireReference reference={wire.referenceNumber} />
        <p className="mt-1 text-xs text-muted-foreground">Created {formatShortDate(wire.createdAt)}</p>
      </TableCell>
      <TableCell className="max-w-60 min-w-52 align-top text-[0.8125rem] [overflow-wrap:anywhere]">
        {wire.userEmail ?? '—'}
      </TableCell>
      <TableCell className="align-top text-right whitespace-nowrap">
        <p className="tabular font-semibold">{formatWireAmount(wire)}</p>
        <Commission wire={wire} />
      </TableCell>
      <TableCell className="min-w-44 align-top text-[0.8125rem]">
        <WireDeal wire={wire} deal={deal} />
      </TableCell>
      <TableCell className="min-w-48 align-top">
        <div className="grid justify-items-start gap-1.5">
          <WireStatusBadge status={wire.status} />
          <Verification wire={wire} />
        </div>
      </TableCell>
      <TableCell className="align-top">
        <WireActions wire={wire} actions={actions} className="ml-auto grid w-40 gap-2" />
      </TableCell>
    </TableRow>
  );
}

function WireCard({
  wire,
  deal,
  actions,
}: {
  wire: WireTransfer;
  deal: Deal | undefined;
  actions: RowActions;
}) {
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <WireReference reference={wire.referenceNumber} />
        <WireStatusBadge status={wire.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-muted-foreground">Amount</dt>
        <dd className="tabular font-semibold">{formatWireAmount(wire)}</dd>
        <dt className="text-muted-foreground">Commission</dt>
        <dd className="tabular">{formatUsd(wire.commissionCents, { alwaysCents: true })}</dd>
        <dt className="text-muted-foreground">User</dt>
        <dd className="min-w-0 break-all">{wire.userEmail ?? '—'}</dd>
        <dt className="text-muted-foreground">Deal</dt>
        <dd className="min-w-0">
          <WireDeal wire={wire} deal={deal} />
        </dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>{formatShortDate(wire.createdAt)}</dd>
      </dl>
      <Verification wire={wire} />
      <WireActions wire={wire} actions={actions} className="flex flex-wrap gap-2" />
    </Card>
  );
}

function WireTransfersSkeleton() {
  return (
    <ListSkeleton
      label="Loading wire transfers"
      labelAsText
      className="grid gap-3"
      itemClassName="h-20 w-full rounded-card"
    />
  );
}
