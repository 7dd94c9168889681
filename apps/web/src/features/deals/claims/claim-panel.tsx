import type { ClaimDetail } from '@app/shared/deals/deal-claims.schemas';
import type { DealParty } from '@app/shared/deals/deal-machine';
import type { Deal } from '@app/shared/deals/deals.schemas';
import { Scale } from 'lucide-react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Button } from '@/components/ui/button';
import { formatShortDate } from '@/lib/format';
import { useDealClaims } from '../api/get-deal-claims';
import { ClaimActions } from './claim-actions';
import { ClaimFacts, ClaimStatusBadge } from './claim-facts';
import { formatDeadline, money, settlementSentence } from './claim-labels';
import { ClaimPanelSkeleton } from './claim-panel-skeleton';
import { ClaimTimeline } from './claim-timeline';

/**
 * Every claim screen is one lazily loaded chunk, this module's: the deal card fetches it for the panel
 * of a shipped deal, and the "Open a Claim" dialog comes from here too. A second lazy entry that
 * reaches the API client without the query hooks would split their shared chunk on every page's
 * first load (about 1 KB over the marketplace's budget).
 */
export { OpenClaimDialog } from './open-claim-dialog';

/**
 * The deal's claims on its card: the newest in full (status, figures, what happens next, the steps the
 * viewer may take, the timeline), earlier ones folded away. Nothing shows for a deal without claims.
 * The list is under the deals' query key, so the `deal.updated` every step sends refetches it.
 */
export function ClaimPanel({ deal, role }: { deal: Deal; role: DealParty }) {
  const claims = useDealClaims(deal.id);
  // A known open claim earns a placeholder; a shipped deal that may have none stays quiet while asking.
  if (claims.isPending) return deal.openClaimId ? <ClaimPanelSkeleton /> : null;
  if (claims.isError) {
    return deal.openClaimId ? (
      <section className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed p-4 text-sm">
        <p>The claim on this deal could not be loaded.</p>
        <Button size="sm" variant="outline" onClick={() => void claims.refetch()}>
          Try Again
        </Button>
      </section>
    ) : null;
  }
  const [latest, ...earlier] = claims.data.claims;
  if (!latest) return null;
  const titleId = `deal-${deal.id}-claim`;
  return (
    <section aria-labelledby={titleId} className="grid gap-4 rounded-lg border bg-surface p-4">
      <ClaimView claim={latest} deal={deal} role={role} titleId={titleId} />
      {earlier.length > 0 ? (
        <Accordion type="single" collapsible className="border-t">
          <AccordionItem value="earlier">
            <AccordionTrigger headingLevel={4} className="py-3 text-sm">
              Earlier claims ({earlier.length})
            </AccordionTrigger>
            <AccordionContent>
              <ul className="grid gap-4">
                {earlier.map((claim) => (
                  <li key={claim.id} className="grid gap-3 rounded-md border bg-card p-3">
                    <ClaimView claim={claim} deal={deal} role={role} compact />
                  </li>
                ))}
              </ul>
            </AccordionContent>
          </AccordionItem>
        </Accordion>
      ) : null}
    </section>
  );
}

function ClaimView({
  claim,
  deal,
  role,
  titleId,
  compact = false,
}: {
  claim: ClaimDetail;
  deal: Deal;
  role: DealParty;
  titleId?: string;
  compact?: boolean;
}) {
  const Heading = compact ? 'h4' : 'h3';
  const SubHeading = compact ? 'h5' : 'h4';
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Heading id={titleId} className="flex items-center gap-2 font-semibold">
          <Scale className="size-4" aria-hidden />
          Claim
        </Heading>
        <ClaimStatusBadge status={claim.status} />
        <span className="text-xs text-muted-foreground sm:ml-auto">
          Opened {formatShortDate(claim.openedAt)}
        </span>
      </div>
      <ClaimFacts claim={claim} unit={deal.unit} />
      <ClaimOutcome claim={claim} role={role} />
      {claim.actions.length > 0 ? <ClaimActions claim={claim} deal={deal} role={role} /> : null}
      <div className="grid gap-2">
        <SubHeading className="text-sm font-semibold">Timeline</SubHeading>
        <ClaimTimeline steps={claim.steps} viewer={role} />
      </div>
    </>
  );
}

/** Where the claim stands and what happens next, in the viewer's words. */
function ClaimOutcome({ claim, role }: { claim: ClaimDetail; role: DealParty }) {
  const settled = settlementSentence(claim);
  if (claim.status === 'settled' && settled) {
    return (
      <div className="grid gap-1 rounded-lg border border-green-200 bg-success-soft p-3 text-sm text-success-soft-foreground">
        <p className="font-semibold">{settled}</p>
        <PayoutLine claim={claim} role={role} />
      </div>
    );
  }
  const note = statusNote(claim, role);
  return note ? <p className="text-sm">{note}</p> : null;
}

/** What the viewer receives from the settlement, commission included (the server's `payouts`). */
function PayoutLine({ claim, role }: { claim: ClaimDetail; role: DealParty }) {
  const { payouts, split } = claim;
  if (!payouts || !split) return null;
  if (role === 'seller') {
    const deducted = split.sellerPayoutCents - payouts.sellerReceivesCents;
    return (
      <p>
        You receive <span className="tabular font-medium">{money(payouts.sellerReceivesCents)}</span>
        {deducted > 0 ? ` after the ${money(deducted)} platform commission` : ''}.
      </p>
    );
  }
  const returned = payouts.buyerReceivesCents - split.buyerRefundCents;
  return (
    <p>
      You receive <span className="tabular font-medium">{money(payouts.buyerReceivesCents)}</span>
      {returned > 0 ? `, including ${money(returned)} of the commission you paid` : ''}.
    </p>
  );
}

function statusNote(claim: ClaimDetail, role: DealParty): string | null {
  const held = money(claim.heldCents);
  switch (claim.status) {
    case 'awaiting_seller':
      if (new Date(claim.answerDueAt).getTime() <= Date.now())
        return 'The seller did not answer in time: Recytrade decides this claim.';
      return role === 'seller'
        ? `Answer by ${formatDeadline(claim.answerDueAt)}: accept the claim, offer a partial amount or reject it with your evidence. After that, Recytrade decides. The ${held} in escrow stays frozen until the claim is settled.`
        : `The seller has until ${formatDeadline(claim.answerDueAt)} to answer. After that, Recytrade decides. The ${held} in escrow stays frozen until the claim is settled.`;
    case 'offered':
      return role === 'buyer'
        ? `The seller offers ${money(claim.offeredCents ?? 0)} of the ${money(claim.claimedCents)} you claimed. Accept the offer, or escalate the claim to Recytrade to decide.`
        : `You offered ${money(claim.offeredCents ?? 0)}. The buyer accepts it or escalates the claim to Recytrade.`;
    case 'rejected':
      return role === 'buyer'
        ? 'The seller rejected your claim. Escalate it to Recytrade to decide, or withdraw it.'
        : 'You rejected the claim. The buyer may escalate it to Recytrade or withdraw it.';
    case 'escalated':
      return `Recytrade reviews the evidence of both parties and decides how the ${held} in escrow is split.`;
    case 'withdrawn':
      return 'The buyer withdrew the claim; the escrow follows the deal again.';
    default:
      return null;
  }
}
