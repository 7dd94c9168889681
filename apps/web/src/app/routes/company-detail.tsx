import { COMPANY_MESSAGES } from '@app/shared/companies/companies.schemas';
import { summarize } from '@app/shared/seo/pages';
import {
  ArrowLeft,
  Building2,
  CalendarDays,
  ExternalLink,
  Factory,
  Globe,
  Mail,
  MapPin,
  PackageOpen,
  Phone,
  Tag,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailLoadError } from '@/components/page/detail-load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCompany } from '@/features/companies/api/get-company';
import { useCompanyListings } from '@/features/companies/api/get-company-listings';
import {
  ActiveBadge,
  companyTypeLabel,
  DomainMatchBadge,
  VerificationBadge,
} from '@/features/companies/components/company-badges';
import { CompanyMessageButton } from '@/features/companies/components/company-message-button';
import { ListingDealButtons } from '@/features/deals/components/listing-deal-buttons';
import { ListingActions } from '@/features/listings/components/listing-actions';
import { ListingCard, ListingGrid, ListingGridSkeleton } from '@/features/listings/components/listing-card';
import { CompanyImpact } from '@/features/market/impact/components/company-impact';
import { CompanyReputation } from '@/features/reviews/components/company-reputation';
import { CompanyReviews } from '@/features/reviews/components/company-reviews';
import { LazyTraderSafetyMenu } from '@/features/trust/components/lazy-trader-safety-menu';
import { parseApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-client';
import { formatDate } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';

/** "https://example.test/" → "example.test"; a bare host gets https:// for the link. */
const websiteHref = (website: string) => (/^https?:\/\//i.test(website) ? website : `https://${website}`);
const websiteLabel = (website: string) => website.replace(/^https?:\/\//i, '').replace(/\/$/, '');

function BackToDirectory() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3">
      <Link to={paths.directory}>
        <ArrowLeft aria-hidden />
        Back to Directory
      </Link>
    </Button>
  );
}

/** /companies/:id: the public profile of a company, its contact details and its owner's active listings. */
export function CompanyDetailPage() {
  const { id = '' } = useParams();
  const company = useCompany(id);
  const { user } = useAuth();
  useDocumentTitle(
    company.data?.companyName ?? 'Company',
    company.data?.description ? summarize(company.data.description) : undefined,
  );

  if (company.isPending) return <DetailSkeleton />;
  if (company.isError)
    return (
      <DetailLoadError
        icon={Building2}
        missing={company.isError && parseApiError(company.error).code === 'NOT_FOUND'}
        notFoundTitle={COMPANY_MESSAGES.notFound}
        notFoundDescription="This company was removed or never existed."
        failedTitle={COMPANY_MESSAGES.loadFailed}
        failedDescription={parseApiError(company.error).message}
        back={{ to: paths.directory, label: 'Browse the Directory' }}
        onRetry={() => void company.refetch()}
      />
    );

  const c = company.data;
  return (
    <div className="container-page py-8">
      <BackToDirectory />
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="grid content-start gap-6">
          <div>
            <div className="flex flex-wrap items-center gap-1.5">
              <ActiveBadge />
              <VerificationBadge verified={c.verified} />
              {c.domainMatch ? <DomainMatchBadge /> : null}
              <LazyTraderSafetyMenu
                userId={c.userId}
                name={c.companyName}
                report={{ targetType: 'company', targetId: c.id, noun: 'company' }}
                className="ml-auto"
              />
            </div>
            <h1 className="mt-3 text-2xl font-bold tracking-tight text-balance md:text-3xl">
              {c.companyName}
            </h1>
            <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
              <li className="flex items-center gap-1.5">
                <Tag className="size-4" aria-hidden />
                <span className="sr-only">Type: </span>
                {companyTypeLabel(c.companyType)}
              </li>
              {c.sector ? (
                <li className="flex items-center gap-1.5">
                  <Factory className="size-4" aria-hidden />
                  <span className="sr-only">Sector: </span>
                  {c.sector}
                </li>
              ) : null}
              <li className="flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden />
                Member since {formatDate(c.createdAt)}
              </li>
            </ul>
          </div>
          <section aria-labelledby="about-title">
            <h2 id="about-title" className="text-xl font-semibold">
              About
            </h2>
            <p className="mt-3 whitespace-pre-line leading-relaxed text-slate-800">
              {c.description || 'This company has not added a description yet.'}
            </p>
          </section>
          <section aria-labelledby="materials-title">
            <h2 id="materials-title" className="text-xl font-semibold">
              Materials
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {c.materials.map((material) => (
                <li key={material}>
                  <Badge variant="secondary">{material}</Badge>
                </li>
              ))}
            </ul>
          </section>
          <CompanyImpact companyId={c.id} />
        </div>
        <div className="grid content-start gap-6 self-start">
          <Card id="contact" className="scroll-mt-24">
            <CardHeader>
              <CardTitle as="h2">Contact</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-5">
              <dl className="grid gap-3 text-sm">
                <ContactRow icon={Mail} label="Email">
                  <a href={`mailto:${c.contactEmail}`} className="break-all text-primary hover:underline">
                    {c.contactEmail}
                  </a>
                </ContactRow>
                {c.phone ? (
                  <ContactRow icon={Phone} label="Phone">
                    <a href={`tel:${c.phone.replace(/[^\d+]/g, '')}`} className="tabular hover:underline">
                      {c.phone}
                    </a>
                  </ContactRow>
                ) : null}
                {c.website ? (
                  <ContactRow icon={Globe} label="Website">
                    <a
                      href={websiteHref(c.website)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 break-all text-primary hover:underline"
                    >
                      {websiteLabel(c.website)}
                      <ExternalLink className="size-3.5 shrink-0" aria-hidden />
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </ContactRow>
                ) : null}
                {c.address ? (
                  <ContactRow icon={MapPin} label="Address">
                    {c.address}
                  </ContactRow>
                ) : null}
              </dl>
              <CompanyMessageButton company={c} className="w-full" />
              {user?.id === c.userId ? (
                <p className="text-sm text-muted-foreground">
                  This is your company. Edit it from{' '}
                  <Link
                    to={paths.profileCompanies}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Profile Settings
                  </Link>
                  .
                </p>
              ) : null}
            </CardContent>
          </Card>
          <CompanyReputation companyId={c.id} />
        </div>
      </div>
      <div className="mt-12 grid grid-cols-1 gap-8 lg:grid-cols-[3fr_2fr]">
        <CompanyReviews companyId={c.id} ownerId={c.userId} />
      </div>
      <CompanyListings sellerId={c.userId} />
    </div>
  );
}

function ContactRow({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof Mail;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-0.5">
      <dt className="flex items-center gap-2 text-muted-foreground">
        <Icon className="size-4 shrink-0" aria-hidden />
        {label}
      </dt>
      <dd className="min-w-0 pl-6 font-medium">{children}</dd>
    </div>
  );
}

/** The owner's active listings, 12 a page. */
function CompanyListings({ sellerId }: { sellerId: string }) {
  const [page, setPage] = useState(1);
  const listings = useCompanyListings(sellerId, page);
  const pageCount = listings.data ? Math.max(1, Math.ceil(listings.data.total / listings.data.pageSize)) : 1;

  return (
    <section aria-labelledby="listings-title" className="mt-12 grid gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="listings-title" className="text-xl font-semibold">
          Active listings
        </h2>
        {listings.data && listings.data.total > 0 ? (
          <p className="tabular text-sm text-muted-foreground">
            {listings.data.total} {listings.data.total === 1 ? 'listing' : 'listings'}
          </p>
        ) : null}
      </div>
      {listings.isPending ? (
        <ListingGridSkeleton label="Loading listings" count={3} />
      ) : listings.isError ? (
        <EmptyState
          title="Failed to load listings. Please try again."
          description={parseApiError(listings.error).message}
          headingLevel={3}
          action={<Button onClick={() => void listings.refetch()}>Try Again</Button>}
        />
      ) : listings.data.items.length === 0 ? (
        <EmptyState
          icon={PackageOpen}
          title="No active listings"
          description="This company has nothing on the marketplace right now."
          headingLevel={3}
          action={
            <Button asChild variant="outline">
              <Link to={paths.marketplace}>Browse the Marketplace</Link>
            </Button>
          }
        />
      ) : (
        <>
          <ListingGrid>
            {listings.data.items.map((listing) => (
              <li key={listing.id}>
                <ListingCard
                  listing={listing}
                  actions={
                    <ListingActions
                      listing={listing}
                      dealButtons={<ListingDealButtons listing={listing} />}
                    />
                  }
                />
              </li>
            ))}
          </ListingGrid>
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
            label="Listings pages"
            maxNumbers={5}
          />
        </>
      )}
    </section>
  );
}

function DetailSkeleton() {
  return (
    <div className="container-page py-8" aria-busy="true">
      <span className="sr-only" role="status">
        Loading the company
      </span>
      <Skeleton className="h-8 w-44" />
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-[3fr_2fr]">
        <div className="grid content-start gap-4">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-8 w-1/2" />
        </div>
        <Skeleton className="h-64 w-full rounded-card" />
      </div>
    </div>
  );
}
