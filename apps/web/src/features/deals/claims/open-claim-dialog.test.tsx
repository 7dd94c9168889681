import { CLAIM_MESSAGES } from '@app/shared/deals/claim-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { claimFixture, shippedDealFixture } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { CLAIM_REASON_REQUIRED, OpenClaimDialog } from './open-claim-dialog';

const OPEN = 'POST /api/deals/deal-1/claims';

async function renderDialog() {
  const onOpenChange = vi.fn();
  const view = renderWithProviders(
    <OpenClaimDialog deal={shippedDealFixture()} open onOpenChange={onOpenChange} />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Open a claim' });
  return { ...view, dialog, onOpenChange };
}

describe('OpenClaimDialog', () => {
  it('says what is missing, next to each field and in a summary, and sends nothing', async () => {
    const api = mockApi({});
    const { user, dialog } = await renderDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Open Claim' }));

    expect(within(dialog).getByText(CLAIM_REASON_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(CLAIM_MESSAGES.quantityAboveZero)).toBeInTheDocument();
    expect(within(dialog).getByText(CLAIM_MESSAGES.claimedAboveZero)).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please check the reason, affected quantity, amount claimed.',
    );
    expect(api.requests).toEqual([]);
  });

  it('refuses an amount above the escrow held and a quantity above the deal’s, and names the limits', async () => {
    const api = mockApi({});
    const { user, dialog } = await renderDialog();

    expect(within(dialog).getByText('At most $1,000.00, what the escrow holds.')).toBeInTheDocument();
    expect(within(dialog).getByText('At most 20 tonnes, the deal’s quantity.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Weight shortfall');
    await user.type(within(dialog).getByLabelText('Affected quantity (tonnes)'), '25');
    await user.type(within(dialog).getByLabelText('Amount claimed (USD)'), '1000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Open Claim' }));

    expect(within(dialog).getByText(CLAIM_MESSAGES.claimedAboveHeld)).toBeInTheDocument();
    expect(within(dialog).getByText(CLAIM_MESSAGES.quantityAboveDeal)).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('wants photos or documents for a weight shortfall', async () => {
    const api = mockApi({});
    const { user, dialog } = await renderDialog();

    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Weight shortfall');
    await user.type(within(dialog).getByLabelText('Affected quantity (tonnes)'), '2');
    await user.type(within(dialog).getByLabelText('Amount claimed (USD)'), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Open Claim' }));

    expect(within(dialog).getByText(CLAIM_MESSAGES.evidenceRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Photos and documents' })).toHaveAccessibleDescription(
      expect.stringContaining(CLAIM_MESSAGES.evidenceRequired),
    );
    expect(api.requests).toEqual([]);
  });

  it('opens a claim for goods not delivered without evidence, the amount in cents', async () => {
    const api = mockApi({ [OPEN]: { status: 201, body: claimFixture({ reason: 'not_delivered' }) } });
    const { user, dialog, onOpenChange } = await renderDialog();

    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Not delivered');
    expect(
      within(dialog).getByRole('group', { name: 'Photos and documents (optional)' }),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Affected quantity (tonnes)'), '20');
    await user.type(within(dialog).getByLabelText('Amount claimed (USD)'), '999.99');
    await user.type(within(dialog).getByLabelText('What is wrong (optional)'), 'Nothing arrived.');
    await user.click(within(dialog).getByRole('button', { name: 'Open Claim' }));

    expect(await screen.findByText('Claim opened')).toBeInTheDocument();
    expect(api.sent(OPEN).map((r) => r.body)).toEqual([
      {
        reason: 'not_delivered',
        affectedQuantity: 20,
        claimedCents: 99_999,
        evidence: [],
        note: 'Nothing arrived.',
      },
    ]);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
