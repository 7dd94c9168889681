import type { DealParty } from '@app/shared/deals/deal-machine';
import { DEAL_MESSAGES, type Deal } from '@app/shared/deals/deals.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dealFixture, PAYMENT_METHODS, PRICING, shippedDealFixture } from '@/testing/fixtures';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DealActions } from './deal-actions';

const offerFromBuyer = dealFixture({ status: 'negotiating', lastOfferBy: 'buyer', role: 'seller' });

/** The deal card's actions as the party sees them. */
const renderActions = (deal: Deal, party: DealParty) =>
  renderWithProviders(<DealActions deal={deal} role={party} />);

const buttonNames = () => screen.getAllByRole('button').map((b) => b.textContent);

describe('DealActions', () => {
  it('lets the seller answer the buyer’s offer, and confirming sends the confirm action', async () => {
    const api = mockApi({
      'POST /api/deals/deal-1/actions': { ...offerFromBuyer, status: 'agreed' },
    });
    const { user } = renderActions(offerFromBuyer, 'seller');

    expect(buttonNames()).toEqual(['Confirm Deal', 'Counter Offer', 'Reject Deal']);
    await user.click(screen.getByRole('button', { name: 'Confirm Deal' }));

    expect(await screen.findByText(DEAL_MESSAGES.confirmed)).toBeInTheDocument();
    expect(api.sent('POST /api/deals/deal-1/actions').map((r) => r.body)).toEqual([{ action: 'confirm' }]);
  });

  it('asks before rejecting, and sends nothing when the seller keeps the deal', async () => {
    const api = mockApi({});
    const { user } = renderActions(offerFromBuyer, 'seller');

    await user.click(screen.getByRole('button', { name: 'Reject Deal' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reject this deal?' });
    expect(confirm).toHaveTextContent(
      `The deal for ${offerFromBuyer.listingTitle} is cancelled for both parties.`,
    );
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.requests).toEqual([]);
  });

  it('sends the rejection once confirmed and shows the server’s refusal', async () => {
    const api = mockApi({
      'POST /api/deals/deal-1/actions': apiError(
        409,
        'DEAL_TRANSITION_NOT_ALLOWED',
        'The buyer has already withdrawn this offer',
      ),
    });
    const { user } = renderActions(offerFromBuyer, 'seller');

    await user.click(screen.getByRole('button', { name: 'Reject Deal' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reject this deal?' });
    await user.click(within(confirm).getByRole('button', { name: 'Reject Deal' }));

    expect(await screen.findByText('The buyer has already withdrawn this offer')).toBeInTheDocument();
    expect(api.sent('POST /api/deals/deal-1/actions').map((r) => r.body)).toEqual([{ action: 'reject' }]);
  });

  it('gives the buyer of an agreed deal Fund Escrow, which opens the payment dialog', async () => {
    mockApi({
      'GET /api/payment-methods': { methods: PAYMENT_METHODS },
      'GET /api/settings/pricing': PRICING,
    });
    const { user } = renderActions(dealFixture(), 'buyer');

    await user.click(screen.getByRole('button', { name: 'Fund Escrow' }));

    expect(await screen.findByRole('dialog', { name: 'Fund Escrow' })).toBeInTheDocument();
  });

  it('tells the seller of an agreed deal that the buyer has yet to fund it', () => {
    mockApi({});
    renderActions(dealFixture({ role: 'seller' }), 'seller');

    expect(screen.getByRole('status')).toHaveTextContent(DEAL_MESSAGES.waitingForFunding);
    expect(screen.queryByRole('button', { name: 'Ship Goods' })).not.toBeInTheDocument();
  });

  it('asks an escrow-optional seller before shipping with nothing held, then sends ship-goods', async () => {
    const deal = dealFixture({ role: 'seller', escrowRequired: false });
    const api = mockApi({ 'POST /api/deals/deal-1/actions': { ...deal, status: 'completed' } });
    const { user } = renderActions(deal, 'seller');

    await user.click(screen.getByRole('button', { name: 'Ship Goods' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Ship without escrow?' });
    await user.click(within(confirm).getByRole('button', { name: 'Ship Goods' }));

    await waitFor(() =>
      expect(api.sent('POST /api/deals/deal-1/actions').map((r) => r.body)).toEqual([
        { action: 'ship-goods' },
      ]),
    );
  });

  it('asks the buyer of a shipped deal before recording the delivery, then sends record-delivery', async () => {
    const deal = shippedDealFixture({ deliveredAt: null });
    const api = mockApi({
      'POST /api/deals/deal-1/actions': { ...deal, deliveredAt: '2026-03-06T10:00:00.000Z' },
    });
    const { user } = renderActions(deal, 'buyer');

    await user.click(screen.getByRole('button', { name: 'Record Delivery' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Record the delivery?' });
    expect(confirm).toHaveTextContent('The time to open a claim about their weight, grade or condition');
    await user.click(within(confirm).getByRole('button', { name: 'Record Delivery' }));

    expect(await screen.findByText('Delivery recorded')).toBeInTheDocument();
    expect(api.sent('POST /api/deals/deal-1/actions').map((r) => r.body)).toEqual([
      { action: 'record-delivery' },
    ]);
  });

  it('offers the buyer Open a Claim until the claim window closes, and opens its form', async () => {
    mockApi({});
    const deal = shippedDealFixture({ claimOpenUntil: '2099-03-08T10:00:00.000Z' });
    const { user } = renderActions(deal, 'buyer');

    expect(screen.getByText(/^You can open a claim until March 8, 2099/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open a Claim' }));

    expect(await screen.findByRole('dialog', { name: 'Open a claim' })).toBeInTheDocument();
  });

  it('shows the seller no Open a Claim, and no "No actions available" while a claim is open', () => {
    mockApi({});
    const deal = shippedDealFixture({ role: 'seller', claimOpenUntil: null, openClaimId: 'claim-1' });
    renderActions(deal, 'seller');

    expect(screen.queryByRole('button', { name: 'Open a Claim' })).not.toBeInTheDocument();
    expect(screen.queryByText(DEAL_MESSAGES.noActions)).not.toBeInTheDocument();
  });
});
