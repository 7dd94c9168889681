import { CLAIM_MESSAGES, type ClaimDetail } from '@app/shared/deals/deal-claims.schemas';
import type { DealParty } from '@app/shared/deals/deal-machine';
import type { Deal } from '@app/shared/deals/deals.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { claimFixture, settledClaimFixture, shippedDealFixture } from '@/testing/fixtures';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { dealKeys } from '../api/deal-keys';
import { ClaimPanel } from './claim-panel';

const CLAIMS = 'GET /api/deals/deal-1/claims';
const ANSWER = 'POST /api/deals/deal-1/claims/claim-1/answer';
const RESPOND = 'POST /api/deals/deal-1/claims/claim-1/respond';

const openDeal = (role: DealParty) => shippedDealFixture({ role, openClaimId: 'claim-1' });

function renderPanel(deal: Deal, role: DealParty) {
  return renderWithProviders(<ClaimPanel deal={deal} role={role} />);
}

const panel = async () => screen.findByRole('region', { name: 'Claim' });
const buttonNames = (within_: HTMLElement) =>
  within(within_)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('ClaimPanel', () => {
  it('gives the seller of a claim awaiting an answer Accept, Offer and Reject, with the answer deadline', async () => {
    mockApi({ [CLAIMS]: { claims: [claimFixture()] } });
    renderPanel(openDeal('seller'), 'seller');

    const region = await panel();
    expect(within(region).getByText('Waiting for the seller')).toBeInTheDocument();
    expect(within(region).getByText('Moisture')).toBeInTheDocument();
    expect(within(region).getByText('5 tonnes')).toBeInTheDocument();
    expect(within(region).getByText(/^Answer by March 9, 2099/)).toBeInTheDocument();
    expect(buttonNames(region)).toEqual(['Accept Claim', 'Offer Partial Amount', 'Reject Claim']);
    // The timeline: who opened it, for how much, the note and the photo as a link to the private file.
    expect(within(region).getByText('The buyer opened the claim')).toBeInTheDocument();
    expect(within(region).getByText(/Claimed \$400\.00/)).toBeInTheDocument();
    expect(within(region).getByText('Two bales were wet through.')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: /wet-bales\.jpg/ })).toHaveAttribute(
      'href',
      '/api/files/file-1',
    );
  });

  it('asks the seller before accepting the claim, then sends the acceptance and shows the split', async () => {
    const settled = settledClaimFixture({
      offeredCents: null,
      split: { buyerRefundCents: 40_000, sellerPayoutCents: 60_000 },
    });
    const api = mockApi({ [CLAIMS]: { claims: [claimFixture()] }, [ANSWER]: settled });
    const { user } = renderPanel(openDeal('seller'), 'seller');

    await user.click(within(await panel()).getByRole('button', { name: 'Accept Claim' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Accept the claim?' });
    expect(confirm).toHaveTextContent('$400.00 of the $1,000.00 held in escrow goes back to the buyer');
    await user.click(within(confirm).getByRole('button', { name: 'Accept Claim' }));

    expect(await screen.findByText('Claim accepted')).toBeInTheDocument();
    expect(api.sent(ANSWER).map((r) => r.body)).toEqual([{ answer: 'accept' }]);
    expect(
      await screen.findByText('Settled: $400.00 refunded to the buyer, $600.00 paid to the seller'),
    ).toBeInTheDocument();
  });

  it('shows the buyer only Withdraw while the seller has time to answer', async () => {
    mockApi({ [CLAIMS]: { claims: [claimFixture({ actions: ['withdraw'] })] } });
    renderPanel(openDeal('buyer'), 'buyer');

    const region = await panel();
    expect(buttonNames(region)).toEqual(['Withdraw Claim']);
    expect(within(region).getByText(/^The seller has until March 9, 2099/)).toBeInTheDocument();
    expect(within(region).getByText('You opened the claim')).toBeInTheDocument();
  });

  it('lets the buyer accept an offer or escalate it, and escalating asks first', async () => {
    const offered = claimFixture({
      status: 'offered',
      offeredCents: 25_000,
      actions: ['accept-offer', 'escalate', 'withdraw'],
    });
    let current = offered;
    const api = mockApi({
      [CLAIMS]: () => ({ claims: [current] }),
      [RESPOND]: () => {
        current = { ...offered, status: 'escalated', actions: ['withdraw'] };
        return current;
      },
    });
    const { user } = renderPanel(openDeal('buyer'), 'buyer');

    const region = await panel();
    expect(buttonNames(region)).toEqual(['Accept Offer', 'Escalate to Recytrade', 'Withdraw Claim']);
    expect(
      within(region).getByText(/^The seller offers \$250\.00 of the \$400\.00 you claimed/),
    ).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Escalate to Recytrade' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Escalate the claim to Recytrade?' });
    await user.click(within(confirm).getByRole('button', { name: 'Escalate to Recytrade' }));

    expect(await screen.findByText('Claim escalated to Recytrade')).toBeInTheDocument();
    expect(api.sent(RESPOND).map((r) => r.body)).toEqual([{ response: 'escalate' }]);
    await waitFor(() => expect(buttonNames(region)).toEqual(['Withdraw Claim']));
  });

  it('shows the server’s refusal when a step is no longer allowed', async () => {
    mockApi({
      [CLAIMS]: { claims: [claimFixture({ actions: ['withdraw'] })] },
      [RESPOND]: apiError(409, 'CLAIM_TRANSITION_NOT_ALLOWED', CLAIM_MESSAGES.claimClosed),
    });
    const { user } = renderPanel(openDeal('buyer'), 'buyer');

    await user.click(within(await panel()).getByRole('button', { name: 'Withdraw Claim' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Withdraw the claim?' });
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw Claim' }));

    expect(await screen.findByText(CLAIM_MESSAGES.claimClosed)).toBeInTheDocument();
  });

  it('refuses an offer that is not below the amount claimed, then sends one that is, in cents', async () => {
    const api = mockApi({
      [CLAIMS]: { claims: [claimFixture()] },
      [ANSWER]: claimFixture({ status: 'offered', offeredCents: 25_050, actions: [] }),
    });
    const { user } = renderPanel(openDeal('seller'), 'seller');

    await user.click(within(await panel()).getByRole('button', { name: 'Offer Partial Amount' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer a partial amount' });
    const amount = within(dialog).getByLabelText('Amount offered (USD)');
    await user.type(amount, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));
    expect(within(dialog).getByText(CLAIM_MESSAGES.offerBelowClaimed)).toBeInTheDocument();
    expect(api.sent(ANSWER)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '250.50');
    await user.type(
      within(dialog).getByLabelText('Note to the buyer (optional)'),
      'Only two bales were wet.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));

    expect(await screen.findByText('Offer sent to the buyer')).toBeInTheDocument();
    expect(api.sent(ANSWER).map((r) => r.body)).toEqual([
      { answer: 'offer', offeredCents: 25_050, note: 'Only two bales were wet.' },
    ]);
  });

  it('asks the seller for evidence and a reason before rejecting', async () => {
    const api = mockApi({ [CLAIMS]: { claims: [claimFixture()] } });
    const { user } = renderPanel(openDeal('seller'), 'seller');

    await user.click(within(await panel()).getByRole('button', { name: 'Reject Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the claim' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject Claim' }));

    expect(within(dialog).getByText(CLAIM_MESSAGES.evidenceRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('Please say why you reject the claim.')).toBeInTheDocument();
    expect(api.sent(ANSWER)).toEqual([]);
  });

  it('shows both parties the settlement’s split and what each receives', async () => {
    mockApi({ [CLAIMS]: { claims: [settledClaimFixture()] } });
    const seller = renderPanel(shippedDealFixture({ role: 'seller', escrowStatus: 'released' }), 'seller');

    const sellerView = await panel();
    const split = 'Settled: $250.00 refunded to the buyer, $750.00 paid to the seller';
    expect(within(sellerView).getByText(split)).toBeInTheDocument();
    expect(sellerView).toHaveTextContent('You receive $750.00.');
    expect(within(sellerView).getByText('You offered a partial amount')).toBeInTheDocument();
    expect(within(sellerView).getByText('The buyer accepted the offer')).toBeInTheDocument();
    expect(within(sellerView).queryAllByRole('button', { name: /Claim|Offer/ })).toEqual([]);
    seller.unmount();

    renderPanel(shippedDealFixture({ role: 'buyer', escrowStatus: 'released' }), 'buyer');
    const buyerView = await panel();
    expect(within(buyerView).getByText(split)).toBeInTheDocument();
    expect(buyerView).toHaveTextContent('You receive $257.50, including $7.50 of the commission you paid.');
  });

  it('says what the seller receives after a commission deducted from the payout', async () => {
    const claim: ClaimDetail = settledClaimFixture({
      payouts: { sellerReceivesCents: 72_750, buyerReceivesCents: 25_000, commissionCents: 2_250 },
    });
    mockApi({ [CLAIMS]: { claims: [claim] } });
    renderPanel(shippedDealFixture({ role: 'seller' }), 'seller');

    expect(await panel()).toHaveTextContent('You receive $727.50 after the $22.50 platform commission.');
  });

  it('shows nothing for a shipped deal that has no claim', async () => {
    const api = mockApi({ [CLAIMS]: { claims: [] } });
    renderPanel(shippedDealFixture(), 'buyer');

    await waitFor(() => expect(api.sent(CLAIMS)).toHaveLength(1));
    // No placeholder while asking either: most shipped deals never have a claim.
    expect(screen.queryByRole('status', { name: 'Loading the claim' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Claim' })).not.toBeInTheDocument();
  });

  it('reads the claims again when the deals are refreshed, as every realtime deal.updated does', async () => {
    let current = claimFixture({ actions: ['withdraw'] });
    const api = mockApi({ [CLAIMS]: () => ({ claims: [current] }) });
    const { queryClient } = renderPanel(openDeal('buyer'), 'buyer');
    const region = await panel();

    current = claimFixture({
      status: 'offered',
      offeredCents: 25_000,
      actions: ['accept-offer', 'escalate', 'withdraw'],
    });
    await queryClient.invalidateQueries({ queryKey: dealKeys.all });

    await waitFor(() =>
      expect(buttonNames(region)).toEqual(['Accept Offer', 'Escalate to Recytrade', 'Withdraw Claim']),
    );
    expect(api.sent(CLAIMS)).toHaveLength(2);
  });
});
