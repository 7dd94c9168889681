import { completedWithoutEscrow, type DealParty } from '@app/shared/deals/deal-machine';
import type { Deal, DealCardAction, DealStatus, EscrowStatus } from '@app/shared/deals/deals.schemas';
import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import type { VariantProps } from 'class-variance-authority';
import type { badgeVariants } from '@/components/ui/badge';

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

/** One colour per deal status, the same everywhere (seven statuses, seven badge variants). */
export const DEAL_STATUS_BADGE: Record<DealStatus, { label: string; variant: BadgeVariant }> = {
  initiated: { label: 'Initiated', variant: 'secondary' },
  negotiating: { label: 'Negotiating', variant: 'warning' },
  agreed: { label: 'Agreed', variant: 'info' },
  escrow_created: { label: 'Escrow Created', variant: 'default' },
  completed: { label: 'Completed', variant: 'success' },
  cancelled: { label: 'Cancelled', variant: 'dark' },
  disputed: { label: 'Disputed', variant: 'destructive' },
};

export const ESCROW_STATUS_LABEL: Record<EscrowStatus, string> = {
  none: 'Not funded',
  pending: 'Payment pending',
  held: 'Held in escrow',
  released: 'Released to seller',
  refunded: 'Refunded to buyer',
};

/** The escrow line of a deal: an escrow-optional deal says so while unfunded, and when it ended without escrow. */
export function escrowLabelOf(
  deal: Pick<Deal, 'status' | 'escrowStatus' | 'escrowRequired'> & Partial<Pick<Deal, 'latestClaim'>>,
): string {
  if (completedWithoutEscrow(deal)) return 'Not used (settled directly)';
  const split = deal.latestClaim?.status === 'settled' ? deal.latestClaim.split : null;
  if (split && split.buyerRefundCents > 0 && split.sellerPayoutCents > 0) return 'Split by the claim';
  if (!deal.escrowRequired && deal.escrowStatus === 'none') return 'Optional, not funded';
  return ESCROW_STATUS_LABEL[deal.escrowStatus];
}

export const ROLE_LABEL: Record<DealParty, string> = { buyer: 'Buyer', seller: 'Seller' };

export const DEAL_TYPE_LABEL = { buy_now: 'Buy Now', make_offer: 'Offer' } as const;

/** What each card action reads, its success toast, and the fallback error when the server gives none. */
export const ACTION_COPY: Record<
  Exclude<DealCardAction, 'waiting-for-funding'>,
  { label: string; busy: string; success?: string; failed: string }
> = {
  confirm: {
    label: 'Confirm Deal',
    busy: 'Confirming...',
    success: DEAL_MESSAGES.confirmed,
    failed: DEAL_MESSAGES.confirmFailed,
  },
  'counter-offer': {
    label: 'Counter Offer',
    busy: 'Sending...',
    success: 'Counter offer sent',
    failed: DEAL_MESSAGES.updateFailed,
  },
  reject: {
    label: 'Reject Deal',
    busy: 'Rejecting...',
    success: 'Deal rejected',
    failed: DEAL_MESSAGES.updateFailed,
  },
  cancel: {
    label: 'Cancel Deal',
    busy: 'Cancelling...',
    success: 'Deal cancelled',
    failed: DEAL_MESSAGES.updateFailed,
  },
  'ship-goods': {
    label: 'Ship Goods',
    busy: 'Completing...',
    success: DEAL_MESSAGES.completed,
    failed: DEAL_MESSAGES.shipFailed,
  },
  'release-escrow': {
    label: 'Release Escrow',
    busy: 'Releasing...',
    success: DEAL_MESSAGES.released,
    failed: DEAL_MESSAGES.releaseEscrowFailed,
  },
  'refund-escrow': {
    label: 'Refund Escrow',
    busy: 'Refunding...',
    success: DEAL_MESSAGES.refunded,
    failed: DEAL_MESSAGES.refundEscrowFailed,
  },
  'request-early-release': {
    label: 'Request Early Release',
    busy: 'Requesting...',
    success: 'Early release requested',
    failed: DEAL_MESSAGES.requestEarlyReleaseFailed,
  },
  'approve-early-release': {
    label: 'Approve Early Release',
    busy: 'Approving...',
    success: DEAL_MESSAGES.released,
    failed: DEAL_MESSAGES.approveEarlyReleaseFailed,
  },
  'open-dispute': {
    label: 'Open Dispute',
    busy: 'Opening...',
    success: 'Dispute opened',
    failed: DEAL_MESSAGES.updateFailed,
  },
  'record-delivery': {
    label: 'Record Delivery',
    busy: 'Recording...',
    success: 'Delivery recorded',
    failed: DEAL_MESSAGES.updateFailed,
  },
  'fund-escrow': {
    label: 'Fund Escrow',
    busy: 'Opening...',
    failed: DEAL_MESSAGES.createEscrowPaymentFailed,
  },
  'pay-commission': {
    label: 'Pay Commission',
    busy: 'Opening...',
    failed: DEAL_MESSAGES.commissionPaymentFailed,
  },
};

/** "Escrow.com" from "https://www.escrow.com/…": the title of an escrow-service error toast. */
export function escrowHostOf(url: string | null | undefined): string {
  if (!url) return 'Escrow';
  try {
    return new URL(url, window.location.origin).host || 'Escrow';
  } catch {
    return 'Escrow';
  }
}
