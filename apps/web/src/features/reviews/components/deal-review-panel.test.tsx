import { REVIEW_MESSAGES } from '@app/shared/reviews/review-messages';
import type { DealReviews, Review } from '@app/shared/reviews/reviews.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { realtimeClient } from '@/lib/realtime-client';
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

  it('reads the reviews again when the server says a review of this deal became public', async () => {
    const handlers: Parameters<typeof realtimeClient.subscribe>[0][] = [];
    // The socket stands still; the test hands the panel's subscription the server's events.
    const subscribe = vi.spyOn(realtimeClient, 'subscribe').mockImplementation((handler) => {
      handlers.push(handler);
      return () => {};
    });
    onTestFinished(() => subscribe.mockRestore());
    const waiting = { ...open, state: 'closed' as const, canReview: false, mine, theirsWritten: true };
    const theirs: Review = {
      ...mine,
      id: 'review-2',
      authorRole: 'seller',
      author: { id: 'them', name: 'Sam Seller', companyName: null },
      subjectUserId: 'me',
      comment: 'Paid promptly',
      published: true,
    };
    let answer: DealReviews = waiting;
    const api = mockApi({ 'GET /api/deals/deal-1/reviews': () => answer });
    renderWithProviders(<DealReviewPanel dealId="deal-1" counterpartyName="Sam Seller" />);
    expect(await screen.findByText(/Published when Sam Seller reviews you/)).toBeInTheDocument();

    // Another deal's news changes nothing here.
    act(() => {
      for (const handler of handlers) handler({ type: 'review.published', dealId: 'deal-2' });
    });
    expect(api.sent('GET /api/deals/deal-1/reviews')).toHaveLength(1);

    answer = { ...waiting, mine: { ...mine, published: true }, theirs };
    act(() => {
      for (const handler of handlers) handler({ type: 'review.published', dealId: 'deal-1' });
    });
    expect(await screen.findByText('Paid promptly')).toBeInTheDocument();
    expect(api.sent('GET /api/deals/deal-1/reviews')).toHaveLength(2);
  });
});
