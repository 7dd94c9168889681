import { useState } from 'react';

export const LISTING_VIEWS = ['grid', 'list'] as const;
export type ListingView = (typeof LISTING_VIEWS)[number];

const STORAGE_KEY = 'recytrade:marketplace-view';

function readView(): ListingView {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    // Storage can be blocked (private modes): the grid, as on a first visit.
    return 'grid';
  }
}

/** The marketplace's grid or list view, remembered in this browser. */
export function useListingView() {
  const [view, setView] = useState<ListingView>(readView);
  const choose = (next: ListingView) => {
    setView(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Kept for this visit only.
    }
  };
  return [view, choose] as const;
}
