import { LISTING_MESSAGES, monthlyLimitMessage } from '@app/shared/listings/listings.schemas';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRICING } from '@/testing/fixtures';
import { apiError, type MockAnswer, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ListingFormDialog } from './listing-form-dialog';

const PLATFORM = {
  name: 'Recytrade',
  maintenanceMode: false,
  registrationsOpen: true,
  newListingsOpen: true,
  escrowRequired: true,
};
const usage = (usedThisMonth: number) => ({
  plan: 'free',
  usedThisMonth,
  limit: 5,
  canCreate: usedThisMonth < 5,
  resetsAt: '2026-04-01T00:00:00.000Z',
});

function setup({
  used = 2,
  create,
  platform = PLATFORM,
}: {
  used?: number;
  create?: MockAnswer;
  platform?: object;
}) {
  const api = mockApi({
    'GET /api/me/listing-usage': usage(used),
    'GET /api/settings/platform': platform,
    ...(create ? { 'POST /api/listings': create } : {}),
  });
  const view = renderWithProviders(<ListingFormDialog open onOpenChange={() => {}} pricing={PRICING} />);
  return { ...view, api };
}

async function fillValidListing(user: ReturnType<typeof setup>['user']) {
  await user.type(screen.getByLabelText('Title'), 'Baled OCC, 20 t');
  await user.type(screen.getByLabelText('Description'), 'Clean baled cardboard, dry, stored indoors.');
  await user.type(screen.getByLabelText('Location'), 'Rotterdam, NL');
  await user.type(screen.getByLabelText('Price per unit ($)'), '95');
  await user.type(screen.getByLabelText('Quantity'), '20');
}

describe('ListingFormDialog (create)', () => {
  it('shows what is missing and sends nothing while the form is incomplete', async () => {
    const { user, api } = setup({});
    await screen.findByText('2/5 listings used this month');

    await user.click(screen.getByRole('button', { name: 'Create Listing' }));

    expect(await screen.findByText('Please fix the following')).toBeInTheDocument();
    expect(api.sent('POST /api/listings')).toEqual([]);
  });

  it('names the limit of a price or quantity past 1,000,000 or with more than 2 decimals, and sends nothing', async () => {
    const { user, api } = setup({});
    await screen.findByText('2/5 listings used this month');
    await fillValidListing(user);
    await user.clear(screen.getByLabelText('Price per unit ($)'));
    await user.type(screen.getByLabelText('Price per unit ($)'), '22000000');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '999999.999');

    await user.click(screen.getByRole('button', { name: 'Create Listing' }));

    expect((await screen.findAllByText(LISTING_MESSAGES.priceTooLarge)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(LISTING_MESSAGES.quantityDecimals).length).toBeGreaterThan(0);
    await user.clear(screen.getByLabelText('Price per unit ($)'));
    await user.type(screen.getByLabelText('Price per unit ($)'), '1.005');
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    expect((await screen.findAllByText(LISTING_MESSAGES.priceDecimals)).length).toBeGreaterThan(0);
    expect(api.sent('POST /api/listings')).toEqual([]);
  });

  it('sends the listing as typed and says "Monthly limit reached" when the server refuses with LISTING_LIMIT_REACHED', async () => {
    const { user, api } = setup({
      create: apiError(403, 'LISTING_LIMIT_REACHED', monthlyLimitMessage(5, 5)),
    });
    await screen.findByText('2/5 listings used this month');
    await fillValidListing(user);

    await user.click(screen.getByRole('button', { name: 'Create Listing' }));

    expect(await screen.findByText('Monthly limit reached')).toBeInTheDocument();
    expect(screen.getByText(monthlyLimitMessage(5, 5))).toBeInTheDocument();
    expect(api.sent('POST /api/listings')[0]?.body).toMatchObject({
      title: 'Baled OCC, 20 t',
      type: 'sell',
      category: 'metals',
      location: 'Rotterdam, NL',
      price: 95,
      quantity: 20,
      unit: 'tons',
      wantsFeatured: false,
    });
    // The usage banner is read again, so the form shows the limit it just met.
    await waitFor(() => expect(api.sent('GET /api/me/listing-usage').length).toBeGreaterThan(1));
  });

  it('does not blame the monthly limit for another refusal with the same status', async () => {
    const { user } = setup({ create: apiError(403, 'FORBIDDEN', 'Your account cannot create listings') });
    await screen.findByText('2/5 listings used this month');
    await fillValidListing(user);

    await user.click(screen.getByRole('button', { name: 'Create Listing' }));

    expect(await screen.findByText('Failed to create listing')).toBeInTheDocument();
    expect(screen.getByText('Your account cannot create listings')).toBeInTheDocument();
    expect(screen.queryByText('Monthly limit reached')).not.toBeInTheDocument();
  });

  it('disables Create once the month’s listings are used up', async () => {
    setup({ used: 5 });

    expect(await screen.findByRole('button', { name: 'Limit Reached' })).toBeDisabled();
  });

  it('says listings are closed when an administrator closed them', async () => {
    setup({ platform: { ...PLATFORM, newListingsOpen: false } });

    expect(await screen.findByRole('button', { name: 'Listings Closed' })).toBeDisabled();
    expect(screen.getByText('New listings closed')).toBeInTheDocument();
  });
});
