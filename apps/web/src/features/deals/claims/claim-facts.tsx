import { CLAIM_REASON_LABELS, CLAIM_STATUS_LABELS } from '@app/shared/deals/claim-rules';
import type { Claim } from '@app/shared/deals/deal-claims.schemas';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { formatQuantity } from '@/lib/format';
import { CLAIM_STATUS_BADGE, money } from './claim-labels';

export function ClaimStatusBadge({ status }: { status: Claim['status'] }) {
  return <Badge variant={CLAIM_STATUS_BADGE[status]}>{CLAIM_STATUS_LABELS[status]}</Badge>;
}

/** The quantity in the deal's unit when the deal kept one ("5 tons"), else the bare figure. */
const quantityOf = (quantity: number, unit: string | null) =>
  unit ? formatQuantity(quantity, unit) : String(quantity);

/** What the claim is about: reason, affected quantity and the amounts, as a grid of figures. */
export function ClaimFacts({
  claim,
  unit,
  children,
}: {
  claim: Claim;
  unit: string | null;
  /** Further figures (the deal's value in the administrators' queue). */
  children?: ReactNode;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-lg border bg-card p-3 text-sm sm:grid-cols-3">
      <Fact label="Reason">{CLAIM_REASON_LABELS[claim.reason]}</Fact>
      <Fact label="Affected quantity">
        <span className="tabular">{quantityOf(claim.affectedQuantity, unit)}</span>
      </Fact>
      <Fact label="Amount claimed">
        <span className="tabular">{money(claim.claimedCents)}</span>
      </Fact>
      {claim.offeredCents !== null ? (
        <Fact label="Seller’s offer">
          <span className="tabular">{money(claim.offeredCents)}</span>
        </Fact>
      ) : null}
      <Fact label="Held in escrow">
        <span className="tabular">{money(claim.heldCents)}</span>
      </Fact>
      {children}
    </dl>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold break-words">{children}</dd>
    </div>
  );
}
