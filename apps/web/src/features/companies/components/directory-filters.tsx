import { MATERIALS, type Material, SECTORS, type Sector } from '@app/shared/catalog/catalog';
import { COMPANY_TYPES, type CompanyType } from '@app/shared/companies/companies.schemas';
import { Check, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import type { DirectoryFilters as Filters } from '../api/company-keys';
import { companyTypeLabel } from './company-badges';

const includes = <T extends string>(list: readonly T[], value: string | null | undefined): value is T =>
  value != null && (list as readonly string[]).includes(value);

/** Reads the directory filters from the address bar, dropping values the API would refuse. */
export function directoryFiltersFromSearchParams(params: URLSearchParams): Filters {
  const filters: Filters = {};
  const q = params.get('q')?.trim();
  if (q) filters.q = q;
  const materials = (params.get('materials') ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter((m): m is Material => includes(MATERIALS, m));
  if (materials.length) filters.materials = MATERIALS.filter((m) => materials.includes(m));
  const companyType = params.get('companyType');
  if (includes<CompanyType>(COMPANY_TYPES, companyType)) filters.companyType = companyType;
  const sector = params.get('sector');
  if (includes<Sector>(SECTORS, sector)) filters.sector = sector;
  if (params.get('verifiedOnly') === 'true') filters.verifiedOnly = true;
  return filters;
}

/** The address bar's form of the filters (the inverse of directoryFiltersFromSearchParams). */
export function directoryFiltersToSearchParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.materials?.length) params.set('materials', filters.materials.join(','));
  if (filters.companyType) params.set('companyType', filters.companyType);
  if (filters.sector) params.set('sector', filters.sector);
  if (filters.verifiedOnly) params.set('verifiedOnly', 'true');
  return params;
}

export const hasDirectoryFilters = (filters: Filters) =>
  Boolean(
    filters.q || filters.materials?.length || filters.companyType || filters.sector || filters.verifiedOnly,
  );

type DirectoryFiltersProps = {
  filters: Filters;
  onChange: (next: Filters) => void;
};

/** Search, type and sector on one row; materials as toggle chips; "Verified only"; Clear filters. */
export function DirectoryFilters({ filters, onChange }: DirectoryFiltersProps) {
  const id = useId();
  const [search, setSearch] = useDebouncedSearch(filters.q, (q) => onChange({ ...filters, q }));

  const selected = new Set(filters.materials ?? []);
  const toggleMaterial = (material: Material) => {
    const next = new Set(selected);
    if (next.has(material)) next.delete(material);
    else next.add(material);
    onChange({ ...filters, materials: next.size ? MATERIALS.filter((m) => next.has(m)) : undefined });
  };

  return (
    <div className="grid gap-4">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not in React's JSX types yet; the role is equivalent */}
      <form
        role="search"
        aria-label="Companies"
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_17rem]"
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ ...filters, q: search.trim() || undefined });
        }}
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <SearchInput
            id={`${id}-q`}
            label="Search companies"
            placeholder="Search names and descriptions"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-type`} className="sr-only">
            Company type
          </Label>
          <Select
            id={`${id}-type`}
            value={filters.companyType ?? ''}
            onChange={(e) =>
              onChange({ ...filters, companyType: (e.target.value || undefined) as CompanyType | undefined })
            }
          >
            <option value="">All types</option>
            {COMPANY_TYPES.map((type) => (
              <option key={type} value={type}>
                {companyTypeLabel(type)}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-sector`} className="sr-only">
            Sector
          </Label>
          <Select
            id={`${id}-sector`}
            value={filters.sector ?? ''}
            onChange={(e) =>
              onChange({ ...filters, sector: (e.target.value || undefined) as Sector | undefined })
            }
          >
            <option value="">All sectors</option>
            {SECTORS.map((sector) => (
              <option key={sector} value={sector}>
                {sector}
              </option>
            ))}
          </Select>
        </div>
      </form>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-medium">Materials</legend>
          <div className="flex flex-wrap gap-2">
            {MATERIALS.map((material) => {
              const on = selected.has(material);
              return (
                <Button
                  key={material}
                  size="sm"
                  variant={on ? 'default' : 'outline'}
                  aria-pressed={on}
                  onClick={() => toggleMaterial(material)}
                >
                  {on ? <Check aria-hidden /> : null}
                  {material}
                </Button>
              );
            })}
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3 lg:pt-7">
          <div className="flex items-center gap-2">
            <Switch
              id={`${id}-verified`}
              checked={Boolean(filters.verifiedOnly)}
              onCheckedChange={(checked) => onChange({ ...filters, verifiedOnly: checked || undefined })}
            />
            <Label htmlFor={`${id}-verified`} className="whitespace-nowrap">
              Verified only
            </Label>
          </div>
          {hasDirectoryFilters(filters) ? (
            <Button variant="ghost" size="sm" onClick={() => onChange({})}>
              <X aria-hidden />
              Clear filters
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
