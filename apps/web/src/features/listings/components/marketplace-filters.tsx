import {
  LISTING_AVAILABILITY,
  LISTING_CATEGORIES,
  LISTING_SORTS,
  LISTING_TYPES,
  LISTING_UNITS,
  type ListingCategory,
} from '@app/shared/listings/listing-rules';
import { gradesOf, MATERIAL_GRADE_IDS } from '@app/shared/market/grades';
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { useMediaQuery } from '@/lib/use-media-query';
import type { ListingFilters } from '../api/get-listings';
import {
  type MarketplaceFiltersProps,
  MaterialFields,
  MoreFilterFields,
  NUMERIC,
} from './marketplace-filter-fields';

/** The phone's filter sheet, fetched when it first opens. */
const FiltersSheet = lazyDialog(
  () => import('./marketplace-filters-sheet').then((m) => m.FiltersSheet),
  (props) => props.open,
);

/** The keys the address bar may carry; anything else in it is ignored. */
const FILTER_KEYS = [
  'q',
  'type',
  'category',
  'grade',
  'minPrice',
  'maxPrice',
  'location',
  'unit',
  'availability',
  'minQuantity',
  'sort',
] as const;
const MORE_KEYS = [
  'minPrice',
  'maxPrice',
  'location',
  'unit',
  'availability',
  'minQuantity',
  'sort',
] as const;

/** Reads the filters from the address bar, dropping values the API would refuse. */
export function filtersFromSearchParams(params: URLSearchParams): ListingFilters {
  const allowed: Record<string, readonly string[]> = {
    type: LISTING_TYPES,
    category: LISTING_CATEGORIES,
    grade: MATERIAL_GRADE_IDS,
    unit: LISTING_UNITS,
    availability: LISTING_AVAILABILITY,
    sort: LISTING_SORTS,
  };
  const filters: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (allowed[key] && !allowed[key].includes(value)) continue;
    if (NUMERIC.has(key)) {
      const n = Number(value);
      if (Number.isFinite(n) && n >= 0) filters[key] = n;
      continue;
    }
    filters[key] = value;
  }
  // A grade belongs to one category; without that category it is not a filter.
  const category = filters.category as ListingCategory | undefined;
  if (filters.grade && !(category && gradesOf(category).some((g) => g.id === filters.grade)))
    delete filters.grade;
  return filters as ListingFilters;
}

export const hasActiveFilters = (filters: ListingFilters) =>
  Object.entries(filters).some(([key, value]) => key !== 'sort' && value !== undefined && value !== '');

/**
 * Wide screens show search, type, category (and grade) in a row with "More Filters" for the rest; a
 * phone shows the search box and one "Filters" button that opens every other filter in a sheet.
 */
export function MarketplaceFilters(props: MarketplaceFiltersProps) {
  const wide = useMediaQuery('(min-width: 48rem)');
  return wide ? <InlineFilters {...props} /> : <PhoneFilters {...props} />;
}

/** The search box, applied as the trader types (debounced) and on Enter. */
function SearchForm({
  filters,
  onChange,
  id,
  className,
  children,
}: MarketplaceFiltersProps & { id: string; className: string; children: ReactNode }) {
  const [search, setSearch] = useDebouncedSearch(filters.q, (q) => onChange({ ...filters, q }));
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not in React's JSX types yet; the role is equivalent
    <form
      role="search"
      aria-label="Listings"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filters, q: search.trim() || undefined });
      }}
    >
      <SearchInput
        id={id}
        label="Search listings"
        placeholder="Search titles, descriptions and grades"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {children}
    </form>
  );
}

function InlineFilters({ filters, onChange }: MarketplaceFiltersProps) {
  const panelId = useId();
  const [showMore, setShowMore] = useState(() => MORE_KEYS.some((k) => filters[k] !== undefined));
  const grades = filters.category ? gradesOf(filters.category) : [];
  const moreCount = MORE_KEYS.filter(
    (k) => filters[k] !== undefined && !(k === 'sort' && filters.sort === 'newest'),
  ).length;

  return (
    <div className="grid gap-4">
      <SearchForm
        filters={filters}
        onChange={onChange}
        id={`${panelId}-q`}
        className={
          grades.length
            ? 'grid grid-cols-1 gap-3 md:grid-cols-[1fr_9rem_10rem_14rem_auto]'
            : 'grid grid-cols-1 gap-3 md:grid-cols-[1fr_10rem_12rem_auto]'
        }
      >
        <MaterialFields filters={filters} onChange={onChange} labels="hidden" />
        <Button
          variant="outline"
          aria-expanded={showMore}
          aria-controls={panelId}
          onClick={() => setShowMore((v) => !v)}
        >
          <SlidersHorizontal aria-hidden />
          More Filters
          <CountPill count={moreCount} />
        </Button>
      </SearchForm>
      {showMore ? (
        <fieldset
          id={panelId}
          className="grid grid-cols-2 gap-4 rounded-card border bg-card p-4 md:grid-cols-4 lg:grid-cols-7"
        >
          <legend className="sr-only">More filters</legend>
          <MoreFilterFields filters={filters} onChange={onChange} />
        </fieldset>
      ) : null}
    </div>
  );
}

/** A phone's search box and "Filters" button (with the number of filters on); the filters open in a sheet. */
function PhoneFilters({ filters, onChange }: MarketplaceFiltersProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const active = Object.entries(filters).filter(
    ([key, value]) => key !== 'q' && value !== undefined && !(key === 'sort' && value === 'newest'),
  ).length;
  return (
    <>
      <SearchForm filters={filters} onChange={onChange} id={`${id}-q`} className="flex gap-2 [&>div]:flex-1">
        <Button variant="outline" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <SlidersHorizontal aria-hidden />
          Filters
          <CountPill count={active} />
        </Button>
      </SearchForm>
      <FiltersSheet
        filters={filters}
        onChange={onChange}
        active={active}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}

/** "2" beside a filters button; read as "(2 active)". */
function CountPill({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <>
      <span className="sr-only"> ({count} active)</span>
      <span aria-hidden className="tabular rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
        {count}
      </span>
    </>
  );
}
