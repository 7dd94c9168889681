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
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { capitalize } from '@/lib/format';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { useMediaQuery } from '@/lib/use-media-query';
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

/** Each filter's setter: empty clears it, the numeric ones become numbers. */
function useFilterSetter({ filters, onChange }: MarketplaceFiltersProps) {
  return (key: keyof ListingFilters, value: string) =>
    onChange({ ...filters, [key]: value === '' ? undefined : NUMERIC.has(key) ? Number(value) : value });
}

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
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent side="bottom" aria-describedby={undefined}>
          <DialogHeader>
            <DialogTitle>Filters</DialogTitle>
          </DialogHeader>
          <div className="grid grid-cols-2 gap-4">
            <MaterialFields filters={filters} onChange={onChange} labels="visible" />
            <MoreFilterFields filters={filters} onChange={onChange} />
          </div>
          <DialogFooter className="flex-row gap-3 [&>button]:flex-1">
            <Button variant="outline" onClick={() => onChange({ q: filters.q })} disabled={active === 0}>
              Reset
            </Button>
            <Button onClick={() => setOpen(false)}>Show Results</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
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

/** Type, category and (once a category is chosen) its grades; labels for screen readers only in the row. */
function MaterialFields({
  filters,
  onChange,
  labels,
}: MarketplaceFiltersProps & { labels: 'hidden' | 'visible' }) {
  const id = useId();
  const set = useFilterSetter({ filters, onChange });
  const grades = filters.category ? gradesOf(filters.category) : [];
  const labelClass = labels === 'hidden' ? 'sr-only' : undefined;
  const field = labels === 'hidden' ? undefined : 'grid content-start gap-2';
  return (
    <>
      <div className={field}>
        <Label htmlFor={`${id}-type`} className={labelClass}>
          Type
        </Label>
        <Select id={`${id}-type`} value={filters.type ?? ''} onChange={(e) => set('type', e.target.value)}>
          <EnumOptions values={LISTING_TYPES} empty="All types" label={(t) => t.toUpperCase()} />
        </Select>
      </div>
      <div className={field}>
        <Label htmlFor={`${id}-category`} className={labelClass}>
          Category
        </Label>
        <Select
          id={`${id}-category`}
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
        <div className={cn(field, labels === 'visible' && 'col-span-2')}>
          <Label htmlFor={`${id}-grade`} className={labelClass}>
            Grade
          </Label>
          <Select
            id={`${id}-grade`}
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
    </>
  );
}

/** A number filter, applied when the field loses focus (not on every keystroke). */
function NumberFilter({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: number | undefined;
  onCommit: (value: string) => void;
}) {
  return (
    <FormField label={label}>
      <Input
        type="number"
        inputMode="decimal"
        min={0}
        key={String(value ?? '')}
        defaultValue={value ?? ''}
        onBlur={(e) => onCommit(e.target.value)}
      />
    </FormField>
  );
}

/** Price, location, unit, availability, quantity and sort. */
function MoreFilterFields({ filters, onChange }: MarketplaceFiltersProps) {
  const set = useFilterSetter({ filters, onChange });
  return (
    <>
      <NumberFilter label="Min price ($)" value={filters.minPrice} onCommit={(v) => set('minPrice', v)} />
      <NumberFilter label="Max price ($)" value={filters.maxPrice} onCommit={(v) => set('maxPrice', v)} />
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
          <EnumOptions values={LISTING_AVAILABILITY} empty="Any time" label={(a) => AVAILABILITY_LABELS[a]} />
        </Select>
      </FormField>
      <NumberFilter
        label="Min quantity"
        value={filters.minQuantity}
        onCommit={(v) => set('minQuantity', v)}
      />
      <FormField label="Sort by">
        <Select
          value={filters.sort ?? 'newest'}
          onChange={(e) => set('sort', e.target.value === 'newest' ? '' : e.target.value)}
        >
          <EnumOptions values={LISTING_SORTS} label={(s) => SORT_LABELS[s]} />
        </Select>
      </FormField>
    </>
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
