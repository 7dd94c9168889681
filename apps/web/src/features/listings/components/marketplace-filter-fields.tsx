import {
  LISTING_AVAILABILITY,
  LISTING_CATEGORIES,
  LISTING_SORTS,
  LISTING_TYPES,
  LISTING_UNITS,
  type ListingCategory,
} from '@app/shared/listings/listing-rules';
import { gradeLabel, gradesOf } from '@app/shared/market/grades';
import { UNIT_LABELS } from '@app/shared/market/units';
import { useId } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { capitalize } from '@/lib/format';
import type { ListingFilters } from '../api/get-listings';
import { AVAILABILITY_LABELS } from '../utils/listing-labels';

const SORT_LABELS: Record<(typeof LISTING_SORTS)[number], string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  quantity_desc: 'Largest quantity',
};

/** The filters that are numbers in the address bar and the API. */
export const NUMERIC = new Set(['minPrice', 'maxPrice', 'minQuantity']);

export type MarketplaceFiltersProps = {
  filters: ListingFilters;
  onChange: (next: ListingFilters) => void;
};

/** Each filter's setter: empty clears it, the numeric ones become numbers. */
function useFilterSetter({ filters, onChange }: MarketplaceFiltersProps) {
  return (key: keyof ListingFilters, value: string) =>
    onChange({ ...filters, [key]: value === '' ? undefined : NUMERIC.has(key) ? Number(value) : value });
}

/** Type, category and (once a category is chosen) its grades; labels for screen readers only in the row. */
export function MaterialFields({
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
export function MoreFilterFields({ filters, onChange }: MarketplaceFiltersProps) {
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
