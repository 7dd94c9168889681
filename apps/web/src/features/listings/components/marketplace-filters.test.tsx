import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { type ListingFilters, useListings } from '../api/get-listings';
import { filtersFromSearchParams, MarketplaceFilters } from './marketplace-filters';

/** The marketplace page's wiring: the filters drive the listings search. */
function Marketplace({ initial = {} }: { initial?: ListingFilters }) {
  const [filters, setFilters] = useState<ListingFilters>(initial);
  useListings(filters);
  return <MarketplaceFilters filters={filters} onChange={setFilters} />;
}

const EMPTY_PAGE = { items: [], total: 0, page: 1, pageSize: 20 };

function wideScreen(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** The last search the page sent, without the paging. */
const lastSearch = (api: ReturnType<typeof mockApi>) => {
  const { page: _page, limit: _limit, ...query } = api.sent('GET /api/listings').at(-1)?.query ?? {};
  return query;
};

describe('MarketplaceFilters', () => {
  afterEach(() => vi.useRealTimers());

  it('searches by category, then offers that category’s grades and searches by grade', async () => {
    wideScreen(true);
    const api = mockApi({ 'GET /api/listings': EMPTY_PAGE });
    const { user } = renderWithProviders(<Marketplace />);

    expect(screen.queryByLabelText('Grade')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category'), 'paper');
    await waitFor(() => expect(lastSearch(api)).toEqual({ category: 'paper' }));

    await user.selectOptions(screen.getByLabelText('Grade'), 'occ');
    await waitFor(() => expect(lastSearch(api)).toEqual({ category: 'paper', grade: 'occ' }));
  });

  it('drops the grade when the category changes, since grades belong to one category', async () => {
    wideScreen(true);
    const api = mockApi({ 'GET /api/listings': EMPTY_PAGE });
    const { user } = renderWithProviders(<Marketplace initial={{ category: 'paper', grade: 'occ' }} />);

    await user.selectOptions(screen.getByLabelText('Category'), 'metals');

    await waitFor(() => expect(lastSearch(api)).toEqual({ category: 'metals' }));
    expect(screen.getByLabelText('Grade')).toHaveValue('');
  });

  it('applies a typed search on Enter and a minimum price when the field is left', async () => {
    wideScreen(true);
    const api = mockApi({ 'GET /api/listings': EMPTY_PAGE });
    const { user } = renderWithProviders(<Marketplace />);

    await user.type(screen.getByLabelText('Search listings'), 'copper{Enter}');
    await waitFor(() => expect(lastSearch(api)).toEqual({ q: 'copper' }));

    await user.click(screen.getByRole('button', { name: 'More Filters' }));
    const minPrice = screen.getByLabelText('Min price ($)');
    await user.type(minPrice, '150');
    fireEvent.blur(minPrice);
    await waitFor(() => expect(lastSearch(api)).toEqual({ q: 'copper', minPrice: '150' }));
    expect(screen.getByRole('button', { name: /More Filters\s*\(1 active\)/ })).toBeInTheDocument();
  });

  it('on a phone, counts the active filters on the Filters button and Reset keeps only the search', async () => {
    wideScreen(false);
    const api = mockApi({ 'GET /api/listings': EMPTY_PAGE });
    const { user } = renderWithProviders(
      <Marketplace initial={{ q: 'bales', type: 'sell', category: 'paper', sort: 'newest' }} />,
    );

    await user.click(screen.getByRole('button', { name: /^Filters\s*\(2 active\)/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(sheet).getByRole('button', { name: 'Reset' }));

    await waitFor(() => expect(lastSearch(api)).toEqual({ q: 'bales' }));
    expect(within(sheet).getByRole('button', { name: 'Reset' })).toBeDisabled();
  });
});

describe('filtersFromSearchParams', () => {
  it('keeps the filters the API accepts and drops unknown values, negative numbers and orphan grades', () => {
    const params = new URLSearchParams(
      'q=%20copper%20&type=sell&category=paper&grade=occ&minPrice=-5&maxPrice=300&unit=barrels&sort=price_asc&foo=1',
    );
    expect(filtersFromSearchParams(params)).toEqual({
      q: 'copper',
      type: 'sell',
      category: 'paper',
      grade: 'occ',
      maxPrice: 300,
      sort: 'price_asc',
    });
    expect(filtersFromSearchParams(new URLSearchParams('grade=occ'))).toEqual({});
    expect(filtersFromSearchParams(new URLSearchParams('category=metals&grade=occ'))).toEqual({
      category: 'metals',
    });
  });
});
