import type { AdminOverview } from '@app/shared/admin/admin-overview.schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AdminDashboard } from './admin-dashboard';

const overview: AdminOverview = {
  pendingListings: 0,
  unverifiedCompanies: 4,
  wireTransfersAwaitingVerification: 0,
  openDisputes: 1,
  claimsAwaitingDecision: 2,
  unconfirmedUsers: 0,
  openReports: 3,
};

/** The card of one admin screen: the list item holding its title link. */
const cardOf = (title: string) => screen.getByRole('link', { name: title }).closest('li') as HTMLElement;

describe('AdminDashboard', () => {
  it('shows the open reports of the moderation queue on the Reports card, which opens /admin/reports', async () => {
    mockApi({ 'GET /api/admin/overview': overview });
    renderWithProviders(<AdminDashboard />, { auth: { isAdmin: true } });

    expect(await within(cardOf('Reports')).findByText('open reports')).toBeInTheDocument();
    expect(within(cardOf('Reports')).getByTestId('count-openReports')).toHaveTextContent('3 open reports');
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/admin/reports');
    // The other counts stay where they were.
    expect(within(cardOf('Companies')).getByTestId('count-unverifiedCompanies')).toHaveTextContent(
      '4 unverified companies',
    );
  });

  it('says "1 open report" for one, and leaves the count out while the counts fail to load', async () => {
    mockApi({ 'GET /api/admin/overview': { ...overview, openReports: 1 } });
    const { unmount } = renderWithProviders(<AdminDashboard />, { auth: { isAdmin: true } });
    expect(await screen.findByText('open report')).toBeInTheDocument();
    expect(screen.getByTestId('count-openReports')).toHaveTextContent('1 open report');
    unmount();

    mockApi({
      'GET /api/admin/overview': { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
    });
    renderWithProviders(<AdminDashboard />, { auth: { isAdmin: true } });
    expect(await screen.findByText('The live counts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByTestId('count-openReports')).toHaveTextContent('—');
  });
});
