import { COMPANY_MESSAGES, type Company } from '@app/shared/companies/companies.schemas';
import { Bug, Building2, Plus, RefreshCw, RotateCw, SearchX } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import type { DirectoryFilters as Filters } from '@/features/companies/api/company-keys';
import { useDirectory } from '@/features/companies/api/get-directory';
import { CompanyCard, CompanyGrid, CompanyGridSkeleton } from '@/features/companies/components/company-card';
import { CompanyProfileBanner } from '@/features/companies/components/company-profile-banner';
import { DirectoryBanner } from '@/features/companies/components/directory-banner';
import { DirectoryDebugPanel } from '@/features/companies/components/directory-debug-panel';
import {
  DirectoryFilters,
  directoryFiltersFromSearchParams,
  directoryFiltersToSearchParams,
  hasDirectoryFilters,
} from '@/features/companies/components/directory-filters';
import { useLiveDirectory } from '@/features/companies/hooks/use-live-directory';
import { parseApiError } from '@/lib/api-client';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { useReputations } from '@/lib/reputation';
import { usePublicPageMeta } from '@/lib/use-document-title';

/** /company-directory (and /directory): every company with a name, searchable, kept live over the socket. */
export function CompanyDirectoryPage() {
  usePublicPageMeta('/company-directory');
  const debugPanelId = useId();
  const { user } = useAuth();
  const dialog = useAuthDialog();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => directoryFiltersFromSearchParams(params), [params]);
  const live = useLiveDirectory();
  const directory = useDirectory(filters, live.refetchInterval);
  const [debugOpen, setDebugOpen] = useState(false);
  const filtered = hasDirectoryFilters(filters);

  const onChange = useCallback(
    (next: Filters) => setParams(directoryFiltersToSearchParams(next), { replace: true }),
    [setParams],
  );

  const refresh = async () => {
    const result = await directory.refetch();
    if (result.isError)
      toast.error(COMPANY_MESSAGES.loadFailed, { description: parseApiError(result.error).message });
    else toast.success('Directory refreshed');
  };

  const items = directory.data?.pages.flatMap((p) => p.items) ?? [];
  const total = directory.data?.pages[0]?.total ?? 0;

  return (
    <>
      <PageHeader
        title="Company Directory"
        description={
          <p>Find recyclers, processors and buyers by material, type and sector, and get in touch.</p>
        }
      />
      <div className="container-page grid gap-6 py-8">
        <CompanyProfileBanner />
        <DirectoryBanner />
        <DirectoryFilters filters={filters} onChange={onChange} />
        <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="tabular text-sm text-muted-foreground" role="status">
            {items.length > 0 ? `Showing ${items.length} of ${total} companies` : null}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              aria-expanded={debugOpen}
              aria-controls={debugPanelId}
              onClick={() => setDebugOpen((open) => !open)}
            >
              <Bug aria-hidden />
              Debug All
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void refresh()}
              disabled={directory.isFetching && !directory.isFetchingNextPage}
            >
              <RefreshCw className={directory.isRefetching ? 'animate-spin' : undefined} aria-hidden />
              Refresh
            </Button>
            <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
              <RotateCw aria-hidden />
              Force Refresh
            </Button>
          </div>
        </div>
        {debugOpen ? (
          <DirectoryDebugPanel
            id={debugPanelId}
            filters={filters}
            loaded={items.length}
            total={total}
            dataUpdatedAt={directory.dataUpdatedAt}
            connection={live.connection}
            polling={live.polling}
            recentEvents={live.recentEvents}
          />
        ) : null}
        {directory.isPending ? (
          <CompanyGridSkeleton />
        ) : directory.isError ? (
          <EmptyState
            icon={SearchX}
            title={COMPANY_MESSAGES.loadFailed}
            description={parseApiError(directory.error).message}
            action={<Button onClick={() => void directory.refetch()}>Try Again</Button>}
          />
        ) : items.length === 0 ? (
          <EmptyState
            icon={Building2}
            title="No companies found"
            description={
              filtered
                ? 'No companies match your search and filters.'
                : 'No companies have joined the directory yet.'
            }
            action={
              filtered ? (
                <Button onClick={() => onChange({})}>Clear filters</Button>
              ) : user ? (
                <Button asChild>
                  <Link to={paths.addCompany}>
                    <Plus aria-hidden />
                    Add Company
                  </Link>
                </Button>
              ) : (
                <Button onClick={() => dialog.open('signin')}>Sign In</Button>
              )
            }
          />
        ) : (
          <>
            <CompanyGrid>
              {chunksOf(items, REPUTATION_BATCH).map((chunk) => (
                <CompanyCards key={chunk[0].id} companies={chunk} />
              ))}
            </CompanyGrid>
            {directory.hasNextPage ? (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => void directory.fetchNextPage()}
                  disabled={directory.isFetchingNextPage}
                >
                  {directory.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}

/** The most companies one reputation request asks for (the server's limit). */
const REPUTATION_BATCH = 100;
const chunksOf = <T,>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Cards of up to 100 companies with their reputations, read in one request. */
function CompanyCards({ companies }: { companies: Company[] }) {
  const reputations = useReputations({ companies: companies.map((c) => c.id) });
  return (
    <>
      {companies.map((company) => (
        <li key={company.id}>
          <CompanyCard
            company={company}
            reputation={reputations.data ? (reputations.data.companies[company.id] ?? null) : undefined}
          />
        </li>
      ))}
    </>
  );
}
