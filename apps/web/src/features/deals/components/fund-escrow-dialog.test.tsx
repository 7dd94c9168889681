import { DEAL_MESSAGES } from '@app/shared/deals/deals.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dealFixture, PAYMENT_METHODS, PRICING } from '@/testing/fixtures';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { FundEscrowDialog } from './fund-escrow-dialog';

const WIRE_RESULT = {
  kind: 'wire',
  referenceNumber: 'RT-2026-0001',
  amountCents: 103_000,
  currency: 'USD',
  bankDetails: {
    bankName: 'First Bank',
    accountName: 'Recytrade',
    accountNumber: '123',
    swiftCode: 'FBANKUS',
  },
  breakdown: { dealValueCents: 100_000, commissionCents: 3_000, feeCents: 0, totalCents: 103_000 },
};

function renderDialog(deal = dealFixture()) {
  const onResult = vi.fn();
  const onOpenChange = vi.fn();
  const view = renderWithProviders(
    <FundEscrowDialog deal={deal} open onOpenChange={onOpenChange} onResult={onResult} />,
  );
  return { ...view, onResult, onOpenChange };
}

describe('FundEscrowDialog', () => {
  it('offers the methods for the total with the commission and shows what the buyer pays by card', async () => {
    const api = mockApi({
      'GET /api/payment-methods': { methods: PAYMENT_METHODS },
      'GET /api/settings/pricing': PRICING,
    });
    renderDialog();

    expect(await screen.findByRole('radio', { name: /Credit Card/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Pay the platform commission now/ })).toBeChecked();
    // $1,000 + $30 commission, plus 2.9% card fee on $1,030 = $29.87.
    expect(screen.getByText('Total to pay').parentElement).toHaveTextContent('$1,059.87');
    expect(api.sent('GET /api/payment-methods')[0]?.query).toEqual({ totalCents: '103000' });
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  });

  it('asks again for the methods of the deal value alone when the commission is left to the payout', async () => {
    const api = mockApi({
      'GET /api/payment-methods': { methods: PAYMENT_METHODS },
      'GET /api/settings/pricing': PRICING,
    });
    const { user } = renderDialog();

    await user.click(await screen.findByRole('checkbox', { name: /Pay the platform commission now/ }));

    await waitFor(() =>
      expect(api.sent('GET /api/payment-methods').map((r) => r.query.totalCents)).toContain('100000'),
    );
    expect(screen.queryByText(/^Platform commission \(3%\)$/)).not.toBeInTheDocument();
    expect(screen.getByText(/Platform commission \(3%\), deducted at release/)).toBeInTheDocument();
  });

  it('sends the wire choice with the commission and hands the wire instructions on', async () => {
    const api = mockApi({
      'GET /api/payment-methods': { methods: PAYMENT_METHODS },
      'GET /api/settings/pricing': PRICING,
      'POST /api/deals/deal-1/fund': WIRE_RESULT,
    });
    const { user, onResult, onOpenChange } = renderDialog();

    await user.click(await screen.findByRole('radio', { name: /Wire Transfer/ }));
    await user.click(screen.getByRole('button', { name: 'Get Wire Instructions' }));

    await waitFor(() => expect(onResult).toHaveBeenCalledWith(WIRE_RESULT));
    expect(api.sent('POST /api/deals/deal-1/fund')).toEqual([
      expect.objectContaining({ body: { method: 'wire', includeCommission: true } }),
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows the refusal in a Payment Error toast and keeps the dialog open', async () => {
    mockApi({
      'GET /api/payment-methods': { methods: PAYMENT_METHODS },
      'GET /api/settings/pricing': PRICING,
      'POST /api/deals/deal-1/fund': apiError(
        409,
        'DEAL_TRANSITION_NOT_ALLOWED',
        'This deal is already funded',
      ),
    });
    const { user, onResult, onOpenChange } = renderDialog();

    await user.click(await screen.findByRole('radio', { name: /Wire Transfer/ }));
    await user.click(screen.getByRole('button', { name: 'Get Wire Instructions' }));

    const toast = await screen.findByText(DEAL_MESSAGES.paymentErrorTitle);
    expect(
      within(toast.closest('li') as HTMLElement).getByText('This deal is already funded'),
    ).toBeInTheDocument();
    expect(onResult).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('offers only the card for a total of $50 or less', async () => {
    mockApi({
      'GET /api/payment-methods': { methods: PAYMENT_METHODS },
      'GET /api/settings/pricing': PRICING,
    });
    renderDialog(dealFixture({ dealValueCents: 4_000, commissionCents: 120 }));

    expect(await screen.findByRole('radio', { name: /Credit Card/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Wire Transfer/ })).not.toBeInTheDocument();
    expect(screen.getByText('Totals of $50 or less can only be paid by card.')).toBeInTheDocument();
  });
});
