import { REVIEW_MESSAGES } from '@app/shared/reviews/review-messages';
import type { DealReviews, Review } from '@app/shared/reviews/reviews.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DealReviewPanel } from './deal-review-panel';

const open: DealReviews = {
  dealId: 'deal-1',
  state: 'open',
  concludedAt: '2026-03-01T10:00:00.000Z',
  windowEndsAt: '2026-03-15T10:00:00.000Z',
  canReview: true,
  mine: null,
  theirs: null,
  theirsWritten: false,
};

const mine: Review = {
  id: 'review-1',
  dealId: 'deal-1',
  authorRole: 'buyer',
  author: { id: 'me', name: 'Bea Buyer', companyName: 'Buyer Metals' },
  subjectUserId: 'them',
  stars: { asAgreed: 4, communication: 5, timeliness: 3 },
  average: 4,
  comment: 'Good lot',
  dealTitle: 'Copper wire',
  createdAt: '2026-03-02T10:00:00.000Z',
  publishedAt: '2026-03-15T10:00:00.000Z',
  published: false,
  reply: null,
  hiddenReason: null,
};

const pick = async (user: ReturnType<typeof renderWithProviders>['user'], group: string, stars: number) =>
  user.click(
    within(screen.getByRole('group', { name: group })).getByRole('radio', { name: `${stars} stars` }),
  );

describe('DealReviewPanel', () => {
  it('asks for every criterion before sending, then sends the stars and comment once', async () => {
    const api = mockApi({
      'GET /api/deals/deal-1/reviews': open,
      'POST /api/deals/deal-1/reviews': { ...open, state: 'closed', canReview: false, mine },
    });
    const { user } = renderWithProviders(<DealReviewPanel dealId="deal-1" counterpartyName="Sam Seller" />);

    await screen.findByRole('form', { name: 'Review Sam Seller' });
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findAllByText('Please choose 1 to 5 stars.')).toHaveLength(3);
    expect(api.sent('POST /api/deals/deal-1/reviews')).toHaveLength(0);

    await pick(user, 'Material or payment as agreed', 4);
    await pick(user, 'Communication', 5);
    await pick(user, 'Timeliness', 3);
    await user.type(screen.getByLabelText('Comment (optional)'), 'Good lot');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText(REVIEW_MESSAGES.submitted)).toBeInTheDocument();
    expect(api.sent('POST /api/deals/deal-1/reviews').map((r) => r.body)).toEqual([
      { stars: { asAgreed: 4, communication: 5, timeliness: 3 }, comment: 'Good lot' },
    ]);
  });

  it("shows the server's refusal in a toast and nothing else before the deal concludes", async () => {
    mockApi({
      'GET /api/deals/deal-1/reviews': open,
      'POST /api/deals/deal-1/reviews': apiError(409, 'CONFLICT', REVIEW_MESSAGES.alreadyReviewed),
    });
    const { user } = renderWithProviders(<DealReviewPanel dealId="deal-1" counterpartyName="Sam Seller" />);
    await screen.findByRole('form', { name: 'Review Sam Seller' });
    for (const group of ['Material or payment as agreed', 'Communication', 'Timeliness'])
      await pick(user, group, 5);
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText(REVIEW_MESSAGES.alreadyReviewed)).toBeInTheDocument();
  });

  it('renders nothing while the deal is not concluded', async () => {
    const api = mockApi({ 'GET /api/deals/deal-1/reviews': { ...open, state: 'pending', canReview: false } });
    const { container } = renderWithProviders(<DealReviewPanel dealId="deal-1" counterpartyName="Sam" />);
    await waitFor(() => expect(api.sent('GET /api/deals/deal-1/reviews')).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('[data-slot="skeleton"], .animate-pulse')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Reviews' })).toBeNull();
  });
});
