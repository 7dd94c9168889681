import {
  LISTING_AVAILABILITY,
  LISTING_CATEGORIES,
  LISTING_SORTS,
  LISTING_TYPES,
  LISTING_UNITS,
  type ListingCategory,
} from '@app/shared/listings/listings.schemas';
import { gradeLabel, gradesOf, MATERIAL_GRADE_IDS } from '@app/shared/market/grades';
import { UNIT_LABELS } from '@app/shared/market/units';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { capitalize } from '@/lib/format';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import type { ListingFilters } from '../api/get-listings';

export const AVAILABILITY_LABELS: Record<(typeof LISTING_AVAILABILITY)[number], string> = {
  immediate: 'Immediate',
  '1-week': 'Within 1 week',
  '2-weeks': 'Within 2 weeks',
  '1-month': 'Within 1 month',
  flexible: 'Flexible',
};

const SORT_LABELS: Record<(typeof LISTING_SORTS)[number], string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  quantity_desc: 'Largest quantity',
};

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
const NUMERIC = new Set(['minPrice', 'maxPrice', 'minQuantity']);

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

type MarketplaceFiltersProps = {
  filters: ListingFilters;
  onChange: (next: ListingFilters) => void;
};

/** Search, type and category always visible; "More Filters" opens price, location, unit, availability, quantity and sort. */
export function MarketplaceFilters({ filters, onChange }: MarketplaceFiltersProps) {
  const panelId = useId();
  const [search, setSearch] = useDebouncedSearch(filters.q, (q) => onChange({ ...filters, q }));
  const [showMore, setShowMore] = useState(() => MORE_KEYS.some((k) => filters[k] !== undefined));

  const set = (key: keyof ListingFilters, value: string) =>
    onChange({ ...filters, [key]: value === '' ? undefined : NUMERIC.has(key) ? Number(value) : value });

  const grades = filters.category ? gradesOf(filters.category) : [];
  const moreCount = MORE_KEYS.filter(
    (k) => filters[k] !== undefined && !(k === 'sort' && filters.sort === 'newest'),
  ).length;

  return (
    <div className="grid gap-4">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not in React's JSX types yet; the role is equivalent */}
      <form
        role="search"
        aria-label="Listings"
        className={
          grades.length
            ? 'grid grid-cols-1 gap-3 md:grid-cols-[1fr_9rem_10rem_14rem_auto]'
            : 'grid grid-cols-1 gap-3 md:grid-cols-[1fr_10rem_12rem_auto]'
        }
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ ...filters, q: search.trim() || undefined });
        }}
      >
        <SearchInput
          id={`${panelId}-q`}
          label="Search listings"
          placeholder="Search titles, descriptions and grades"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div>
          <Label htmlFor={`${panelId}-type`} className="sr-only">
            Type
          </Label>
          <Select
            id={`${panelId}-type`}
            value={filters.type ?? ''}
            onChange={(e) => set('type', e.target.value)}
          >
            <EnumOptions values={LISTING_TYPES} empty="All types" label={(t) => t.toUpperCase()} />
          </Select>
        </div>
        <div>
          <Label htmlFor={`${panelId}-category`} className="sr-only">
            Category
          </Label>
          <Select
            id={`${panelId}-category`}
            value={filters.category ?? ''}
            // A new category has its own grades: the grade filter goes with the old one.
            onChange={(e) =>
              onChange({
                ...filters,
                category: (e.target.value || undefined) as ListingCategory | undefined,
                grade: undefined,
              })
            }
          >
            <EnumOptions values={LISTING_CATEGORIES} empty="All categories" label={(c) => capitalize(c)} />
          </Select>
        </div>
        {grades.length ? (
          <div>
            <Label htmlFor={`${panelId}-grade`} className="sr-only">
              Grade
            </Label>
            <Select
              id={`${panelId}-grade`}
              value={filters.grade ?? ''}
              onChange={(e) => set('grade', e.target.value)}
            >
              <option value="">All grades</option>
              {grades.map((g) => (
                <option key={g.id} value={g.id}>
                  {gradeLabel(g)}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        <Button
          variant="outline"
          aria-expanded={showMore}
          aria-controls={panelId}
          onClick={() => setShowMore((v) => !v)}
        >
          <SlidersHorizontal aria-hidden />
          More Filters
          {moreCount > 0 ? (
            <span className="tabular rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
              {moreCount}
            </span>
          ) : null}
        </Button>
      </form>
      {showMore ? (
        <fieldset
          id={panelId}
          className="grid grid-cols-2 gap-4 rounded-card border bg-card p-4 md:grid-cols-4 lg:grid-cols-7"
        >
          <legend className="sr-only">More filters</legend>
          <FormField label="Min price ($)">
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              key={String(filters.minPrice ?? '')}
              defaultValue={filters.minPrice ?? ''}
              onBlur={(e) => set('minPrice', e.target.value)}
            />
          </FormField>
          <FormField label="Max price ($)">
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              key={String(filters.maxPrice ?? '')}
              defaultValue={filters.maxPrice ?? ''}
              onBlur={(e) => set('maxPrice', e.target.value)}
            />
          </FormField>
          <FormField label="Location" className="col-span-2 md:col-span-2 lg:col-span-1">
            <Input
              key={filters.location ?? ''}
              defaultValue={filters.location ?? ''}
              onBlur={(e) => set('location', e.target.value.trim())}
            />
          </FormField>
          <FormField label="Unit">
            <Select value={filters.unit ?? ''} onChange={(e) => set('unit', e.target.value)}>
              <EnumOptions
                values={LISTING_UNITS}
                empty="Any unit"
                label={(u) => capitalize(UNIT_LABELS[u].plural)}
              />
            </Select>
          </FormField>
          <FormField label="Availability">
            <Select value={filters.availability ?? ''} onChange={(e) => set('availability', e.target.value)}>
              <EnumOptions
                values={LISTING_AVAILABILITY}
                empty="Any time"
                label={(a) => AVAILABILITY_LABELS[a]}
              />
            </Select>
          </FormField>
          <FormField label="Min quantity">
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              key={String(filters.minQuantity ?? '')}
              defaultValue={filters.minQuantity ?? ''}
              onBlur={(e) => set('minQuantity', e.target.value)}
            />
          </FormField>
          <FormField label="Sort by">
            <Select
              value={filters.sort ?? 'newest'}
              onChange={(e) => set('sort', e.target.value === 'newest' ? '' : e.target.value)}
            >
              <EnumOptions values={LISTING_SORTS} label={(s) => SORT_LABELS[s]} />
            </Select>
          </FormField>
        </fieldset>
      ) : null}
    </div>
  );
}

/** The <option>s of a filter over one of the listing enumerations, after an optional "any" choice. */
function EnumOptions<T extends string>({
  values,
  empty,
  label,
}: {
  values: readonly T[];
  empty?: string;
  label: (value: T) => string;
}) {
  return (
    <>
      {empty !== undefined && <option value="">{empty}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}
