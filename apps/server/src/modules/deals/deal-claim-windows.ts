import { canApplyClaimTransition, claimWindowClosesAt, newClaimState } from '@app/shared/deals/claim-machine';
import type { ClaimWindows } from '@app/shared/deals/claim-rules';
import { DEAL_CONSTANTS } from '@app/shared/deals/deals.schemas';
import type { SettingsService } from '../settings/index.ts';
import type { DealRow } from './deals.repository.ts';

/** The claim windows in force: the two settings and the deal machine's automatic release. */
export async function claimWindowsOf(settings: Pick<SettingsService, 'getRecent'>): Promise<ClaimWindows> {
  const [claimWindowDays, answerWindowDays] = await Promise.all([
    settings.getRecent('deals.claim_window_days'),
    settings.getRecent('deals.claim_answer_days'),
  ]);
  return { claimWindowDays, answerWindowDays, autoReleaseDays: DEAL_CONSTANTS.autoReleaseDays };
}

/** What the claim machine knows of a deal when a claim is opened. */
export const claimDealFacts = (row: DealRow, escrowHeldCents: number) => ({
  status: row.status,
  escrowStatus: row.escrowStatus,
  escrowHeldCents,
  quantity: row.quantity ?? 0,
  shippedAt: row.shippedAt,
  deliveredAt: row.deliveredAt,
});

/**
 * Until when the buyer may open a claim on the deal, or null when none can be opened now (not shipped,
 * no escrow held, a claim already open, an escrow a claim cannot split, or the window has passed).
 */
export function claimOpenUntil(
  row: DealRow,
  escrowHeldCents: number,
  windows: ClaimWindows,
  now: Date,
): string | null {
  if (row.openClaimId || !row.escrowSplittable || !row.shippedAt) return null;
  const state = newClaimState(claimDealFacts(row, escrowHeldCents));
  if (!canApplyClaimTransition(state, 'open', 'buyer', now, windows)) return null;
  return claimWindowClosesAt(state.deal, windows)?.toISOString() ?? null;
}
