import { TRUST_MESSAGES } from '@app/shared/trust/trust-rules';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ReportDialog } from './report-dialog';

const target = { targetType: 'listing' as const, targetId: 'lst-1', noun: 'listing' };

describe('ReportDialog', () => {
  it('asks for a reason before sending, then sends the reason and the note once', async () => {
    const api = mockApi({
      'POST /api/reports': {
        id: 'rpt-1',
        targetType: 'listing',
        targetId: 'lst-1',
        reason: 'fraud',
        status: 'open',
        createdAt: '2026-03-01T10:00:00.000Z',
      },
    });
    const { user } = renderWithProviders(<ReportDialog target={target} open onOpenChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    expect(screen.getByText(TRUST_MESSAGES.reasonRequired, { selector: 'p' })).toBeInTheDocument();
    expect(api.sent('POST /api/reports')).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Reason'), 'fraud');
    await user.type(screen.getByLabelText('What happened (optional)'), '  Photos of another lot ');
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    await waitFor(() => expect(api.sent('POST /api/reports')).toHaveLength(1));
    expect(api.sent('POST /api/reports')[0].body).toEqual({
      targetType: 'listing',
      targetId: 'lst-1',
      reason: 'fraud',
      note: 'Photos of another lot',
    });
  });

  it('shows the server’s refusal and keeps the dialog open', async () => {
    mockApi({ 'POST /api/reports': apiError(409, 'CONFLICT', TRUST_MESSAGES.alreadyReported) });
    const { user } = renderWithProviders(<ReportDialog target={target} open onOpenChange={() => {}} />);
    await user.selectOptions(screen.getByLabelText('Reason'), 'spam');
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    expect(await screen.findByText(TRUST_MESSAGES.alreadyReported)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Report this listing' })).toBeInTheDocument();
  });
});
