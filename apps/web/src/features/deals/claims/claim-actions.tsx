import type { AnswerClaimBody, ClaimDetail, RespondClaimBody } from '@app/shared/deals/deal-claims.schemas';
import type { DealParty } from '@app/shared/deals/deal-machine';
import type { Deal } from '@app/shared/deals/deals.schemas';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { isRuleRefusal, parseApiError } from '@/lib/api-client';
import { useAnswerClaim } from '../api/answer-claim';
import { useRespondToClaim } from '../api/respond-to-claim';
import { money, settlementSentence } from './claim-labels';
import { OfferPartialDialog } from './offer-partial-dialog';
import { RejectClaimDialog } from './reject-claim-dialog';

type PartyClaimAction =
  | 'accept-claim'
  | 'offer-partial'
  | 'reject-claim'
  | 'accept-offer'
  | 'escalate'
  | 'withdraw';
type ConfirmedAction = Exclude<PartyClaimAction, 'offer-partial' | 'reject-claim'>;

/** What each step's button reads, its busy label, its toast, and how it looks. */
export const CLAIM_ACTION_COPY: Record<
  PartyClaimAction,
  { label: string; busy: string; success: string; variant: ButtonProps['variant'] }
> = {
  'accept-claim': {
    label: 'Accept Claim',
    busy: 'Accepting...',
    success: 'Claim accepted',
    variant: 'default',
  },
  'offer-partial': {
    label: 'Offer Partial Amount',
    busy: 'Sending...',
    success: 'Offer sent to the buyer',
    variant: 'outline',
  },
  'reject-claim': {
    label: 'Reject Claim',
    busy: 'Rejecting...',
    success: 'Claim rejected',
    variant: 'outline',
  },
  'accept-offer': {
    label: 'Accept Offer',
    busy: 'Accepting...',
    success: 'Offer accepted',
    variant: 'default',
  },
  escalate: {
    label: 'Escalate to Recytrade',
    busy: 'Escalating...',
    success: 'Claim escalated to Recytrade',
    variant: 'outline',
  },
  withdraw: {
    label: 'Withdraw Claim',
    busy: 'Withdrawing...',
    success: 'Claim withdrawn',
    variant: 'outline',
  },
};

const isPartyAction = (action: string): action is PartyClaimAction => action in CLAIM_ACTION_COPY;

/** The "are you sure" of the steps that settle, hand over or close the claim. */
function confirmCopy(action: ConfirmedAction, claim: ClaimDetail): { title: string; description: string } {
  const held = claim.heldCents;
  switch (action) {
    case 'accept-claim':
      return {
        title: 'Accept the claim?',
        description: `${money(claim.claimedCents)} of the ${money(held)} held in escrow goes back to the buyer and ${money(held - claim.claimedCents)} is paid to you. This settles the claim and cannot be undone.`,
      };
    case 'accept-offer': {
      const offered = claim.offeredCents ?? 0;
      return {
        title: 'Accept the seller’s offer?',
        description: `${money(offered)} of the ${money(held)} held in escrow goes back to you and ${money(held - offered)} is paid to the seller. This settles the claim and cannot be undone.`,
      };
    }
    case 'escalate':
      return {
        title: 'Escalate the claim to Recytrade?',
        description: `An administrator reviews the evidence of both parties and decides how the ${money(held)} held in escrow is split between you and the seller.`,
      };
    case 'withdraw':
      return {
        title: 'Withdraw the claim?',
        description:
          'The claim is closed and the escrow follows the deal again, including its automatic release to the seller.',
      };
  }
}

type Open =
  | { kind: 'none' }
  | { kind: 'confirm'; action: ConfirmedAction }
  | { kind: 'offer' }
  | { kind: 'reject' };

/**
 * The steps the server says the viewer may take on the claim now (`claim.actions`): the seller
 * answers, the buyer responds. Settling, escalating and withdrawing ask first; an offer and a
 * rejection open their forms. Every button is disabled while a step runs.
 */
export function ClaimActions({ claim, deal, role }: { claim: ClaimDetail; deal: Deal; role: DealParty }) {
  const answer = useAnswerClaim();
  const respond = useRespondToClaim();
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [running, setRunning] = useState<PartyClaimAction | null>(null);
  const busy = running !== null;
  const close = () => setOpen({ kind: 'none' });
  const actions = claim.actions.filter(isPartyAction);

  const run = async (action: PartyClaimAction, send: () => Promise<ClaimDetail>) => {
    if (busy) return;
    setRunning(action);
    try {
      const after = await send();
      const settled = settlementSentence(after);
      toast.success(CLAIM_ACTION_COPY[action].success, {
        id: `claim-${action}-${claim.id}`,
        description: settled ?? undefined,
      });
      close();
    } catch (error) {
      const apiError = parseApiError(error);
      toast.error(
        isRuleRefusal(apiError) ? apiError.message : 'The claim could not be updated. Please try again.',
      );
    } finally {
      setRunning(null);
    }
  };

  const sendAnswer = (action: PartyClaimAction, body: AnswerClaimBody) =>
    void run(action, () => answer.mutateAsync({ dealId: deal.id, claimId: claim.id, body }));
  const sendResponse = (action: PartyClaimAction, response: RespondClaimBody['response']) =>
    void run(action, () => respond.mutateAsync({ dealId: deal.id, claimId: claim.id, body: { response } }));

  const confirm = (action: ConfirmedAction) => {
    if (action === 'accept-claim') sendAnswer(action, { answer: 'accept' });
    else sendResponse(action, action);
  };

  const press = (action: PartyClaimAction) => {
    if (action === 'offer-partial') setOpen({ kind: 'offer' });
    else if (action === 'reject-claim') setOpen({ kind: 'reject' });
    else setOpen({ kind: 'confirm', action });
  };

  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => {
        const copy = CLAIM_ACTION_COPY[action];
        return (
          <Button
            key={action}
            variant={copy.variant}
            disabled={busy}
            onClick={() => press(action)}
            className="max-sm:flex-1"
          >
            {running === action ? copy.busy : copy.label}
          </Button>
        );
      })}
      {open.kind === 'confirm' ? (
        <ConfirmDialog
          open
          onOpenChange={(next) => (next ? undefined : close())}
          {...confirmCopy(open.action, claim)}
          confirmLabel={CLAIM_ACTION_COPY[open.action].label}
          busyLabel={CLAIM_ACTION_COPY[open.action].busy}
          isBusy={busy}
          destructive={open.action === 'withdraw'}
          onConfirm={() => confirm(open.action)}
        />
      ) : null}
      {role === 'seller' ? (
        <>
          <OfferPartialDialog
            claim={claim}
            open={open.kind === 'offer'}
            onOpenChange={(next) => (next ? undefined : close())}
            isBusy={busy}
            onSubmit={(body) => sendAnswer('offer-partial', body)}
          />
          <RejectClaimDialog
            claim={claim}
            open={open.kind === 'reject'}
            onOpenChange={(next) => (next ? undefined : close())}
            isBusy={busy}
            onSubmit={(body) => sendAnswer('reject-claim', body)}
          />
        </>
      ) : null}
    </div>
  );
}
