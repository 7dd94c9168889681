import { CLAIM_MESSAGES } from '@app/shared/deals/claim-rules';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminClaimFixture, settledClaimFixture } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DecideClaimForm } from './decide-claim-form';

const DECIDE = 'POST /api/admin/deals/deal-1/claims/claim-1/decision';

function renderForm() {
  const view = renderWithProviders(<DecideClaimForm claim={adminClaimFixture()} />, {
    auth: { isAdmin: true },
  });
  return { ...view, form: screen.getByRole('form', { name: 'Decide the claim on Baled OCC, 20 t' }) };
}

describe('DecideClaimForm', () => {
  it('refuses a refund above what escrow holds, since the split must add up to it', async () => {
    const api = mockApi({});
    const { user, form } = renderForm();

    await user.type(within(form).getByLabelText('Refund to the buyer (USD)'), '1000.01');
    await user.type(within(form).getByLabelText('Reason for the decision'), 'Lab report.');
    expect(within(form).getByText('More than is held')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Decide Claim' }));

    expect(within(form).getByText(CLAIM_MESSAGES.splitMustMatchHeld)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('wants a reason', async () => {
    const api = mockApi({});
    const { user, form } = renderForm();

    await user.click(within(form).getByRole('button', { name: 'Amount claimed ($400.00)' }));
    await user.click(within(form).getByRole('button', { name: 'Decide Claim' }));

    expect(within(form).getByText('Please give the reason for the decision.')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('pays the seller the rest of what is held and sends a split that adds up, once confirmed', async () => {
    const api = mockApi({
      [DECIDE]: settledClaimFixture({ split: { buyerRefundCents: 33_333, sellerPayoutCents: 66_667 } }),
    });
    const { user, form } = renderForm();

    await user.type(within(form).getByLabelText('Refund to the buyer (USD)'), '333.33');
    expect(within(form).getByRole('status')).toHaveTextContent('$666.67');
    await user.type(within(form).getByLabelText('Reason for the decision'), 'A third of the bales were wet.');
    await user.click(within(form).getByRole('button', { name: 'Decide Claim' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Decide the claim?' });
    expect(confirm).toHaveTextContent('$333.33 is refunded to the buyer and $666.67 is paid to the seller.');
    await user.click(within(confirm).getByRole('button', { name: 'Decide Claim' }));

    expect(await screen.findByText('Claim decided')).toBeInTheDocument();
    expect(api.sent(DECIDE).map((r) => r.body)).toEqual([
      { buyerRefundCents: 33_333, sellerPayoutCents: 66_667, note: 'A third of the bales were wet.' },
    ]);
  });

  it('moves the split with the quick choices and the slider', async () => {
    mockApi({});
    const { user, form } = renderForm();
    const refund = within(form).getByLabelText('Refund to the buyer (USD)');

    await user.click(within(form).getByRole('button', { name: 'All to the seller' }));
    expect(refund).toHaveValue(0);
    expect(within(form).getByRole('status')).toHaveTextContent('$1,000.00');
    await user.click(within(form).getByRole('button', { name: 'Amount claimed ($400.00)' }));
    expect(refund).toHaveValue(400);
    expect(within(form).getByRole('slider', { name: 'Split between buyer and seller' })).toHaveAttribute(
      'aria-valuetext',
      '$400.00 to the buyer, $600.00 to the seller',
    );
  });
});
