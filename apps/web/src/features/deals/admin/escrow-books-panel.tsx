import { SUSPENSE_ACCOUNT } from '@app/shared/ledger/ledger.schemas';
import { RefreshCw, Scale } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { parseApiError } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { type EscrowMismatch, type LedgerSummary, useLedger } from '../api/get-ledger';

const money = (cents: number) => formatUsd(cents, { alwaysCents: true });
const STATUS_LABEL: Record<string, string> = {
  initiated: 'Initiated',
  negotiating: 'Negotiating',
  agreed: 'Agreed',
  escrow_created: 'Escrow created',
  completed: 'Completed',
  cancelled: 'Cancelled',
  disputed: 'Disputed',
};

/**
 * The books check for administrators: whether the ledger balances, which deals' escrow accounts hold
 * something other than what the deal says (no release or refund moves their money until reconciled),
 * and the charges on superseded checkout pages waiting for their automatic refund.
 */
export function EscrowBooksPanel() {
  const ledger = useLedger();
  if (ledger.isPending) {
    return (
      <div aria-busy="true" className="grid gap-4">
        <span className="sr-only">Checking the books</span>
        <ListSkeleton
          label={null}
          rows={3}
          className="grid gap-4 sm:grid-cols-3"
          itemClassName="h-24 w-full rounded-card"
        />
        <Skeleton className="h-40 w-full rounded-card" />
      </div>
    );
  }
  if (ledger.isError) {
    const apiError = parseApiError(ledger.error);
    return (
      <EmptyState
        title="The books could not be checked"
        description={
          apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL' ? undefined : apiError.message
        }
        action={<Button onClick={() => void ledger.refetch()}>Try Again</Button>}
      />
    );
  }
  const books = ledger.data;
  const suspense = -(books.balances.find((b) => b.account === SUSPENSE_ACCOUNT)?.balanceCents ?? 0);
  return (
    <section aria-labelledby="escrow-books-heading" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="escrow-books-heading" className="text-lg font-semibold">
          Escrow books
        </h2>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void ledger.refetch()}
          disabled={ledger.isFetching}
        >
          <RefreshCw aria-hidden className={ledger.isFetching ? 'animate-spin' : undefined} />
          Check Again
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <BooksCard
          label="Ledger"
          ok={books.balanced}
          okText="Balanced"
          problemText="Unbalanced"
          hint={
            books.balanced
              ? 'Every transaction sums to zero.'
              : `${books.unbalancedTransactions.length} transactions do not sum to zero.`
          }
        />
        <BooksCard
          label="Escrow accounts"
          ok={books.escrowReconciled}
          okText="Match their deals"
          problemText={`${books.escrowMismatches.length} to reconcile`}
          hint="Each deal's escrow holds exactly what its funding says."
        />
        <BooksCard
          label="Awaiting automatic refund"
          ok={suspense === 0}
          okText={money(0)}
          problemText={money(suspense)}
          hint="Charges on superseded checkout pages; refunded within a minute."
        />
      </div>
      <MismatchList books={books} />
    </section>
  );
}

function BooksCard(props: { label: string; ok: boolean; okText: string; problemText: string; hint: string }) {
  return (
    <Card className="grid gap-1 p-4">
      <p className="text-sm text-muted-foreground">{props.label}</p>
      <p className="flex items-center gap-2 text-lg font-semibold">
        {props.ok ? props.okText : props.problemText}
        <Badge variant={props.ok ? 'success' : 'destructive'}>{props.ok ? 'OK' : 'Check'}</Badge>
      </p>
      <p className="text-xs text-muted-foreground">{props.hint}</p>
    </Card>
  );
}

function MismatchList({ books }: { books: LedgerSummary }) {
  if (books.escrowMismatches.length === 0)
    return (
      <EmptyState
        icon={Scale}
        title="Every escrow matches its deal"
        description="A deal whose escrow account holds more or less than its funding says appears here. Until it is reconciled, no release or refund moves its money."
      />
    );
  return (
    <div className="grid gap-3">
      <Alert variant="warning">
        <AlertTitle>Escrow accounts that disagree with their deals</AlertTitle>
        <AlertDescription>
          Releases and refunds of these deals are refused until the difference is explained and corrected.
        </AlertDescription>
      </Alert>
      <Table aria-label="Escrow accounts that disagree with their deals">
        <TableHeader>
          <TableRow>
            <TableHead>Deal</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Held</TableHead>
            <TableHead className="text-right">Should hold</TableHead>
            <TableHead className="text-right">Difference</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {books.escrowMismatches.map((m) => (
            <MismatchRow key={m.dealId} mismatch={m} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function MismatchRow({ mismatch: m }: { mismatch: EscrowMismatch }) {
  const difference = m.heldCents - m.expectedCents;
  return (
    <TableRow>
      <TableCell className="min-w-48">
        <span className="font-medium">{m.listingTitle ?? 'Listing removed'}</span>
        <span className="block font-mono text-xs text-muted-foreground">Deal {m.dealId.slice(0, 8)}</span>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {STATUS_LABEL[m.status] ?? m.status} · escrow {m.escrowStatus}
      </TableCell>
      <TableCell className="tabular text-right">{money(m.heldCents)}</TableCell>
      <TableCell className="tabular text-right">{money(m.expectedCents)}</TableCell>
      <TableCell className="tabular text-right font-semibold">
        {difference > 0 ? '+' : '−'}
        {money(Math.abs(difference))}
      </TableCell>
    </TableRow>
  );
}
