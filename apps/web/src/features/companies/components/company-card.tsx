import type { Company } from '@app/shared/companies/companies.schemas';
import type { ReputationSummary } from '@app/shared/reviews/reputation';
import { Factory, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ReputationBadge } from '@/components/reputation/reputation-badge';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth-client';
import { ActiveBadge, companyTypeLabel, DomainMatchBadge, VerificationBadge } from './company-badges';
import { CompanyMessageButton } from './company-message-button';

/** One company of the directory: name, badges, description, materials, type, sector and Message. */
export function CompanyCard({
  company,
  reputation,
}: {
  company: Company;
  /** The company's compact reputation (undefined while it loads). */
  reputation?: ReputationSummary | null;
}) {
  const { user } = useAuth();
  return (
    <Card className="flex h-full flex-col gap-4 p-5">
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-1.5">
          <ActiveBadge />
          {company.verified ? <VerificationBadge verified /> : null}
          {company.domainMatch ? <DomainMatchBadge /> : null}
          {user?.id === company.userId ? <Badge variant="outline">Your company</Badge> : null}
        </div>
        <h2 className="text-lg font-semibold leading-snug">
          <Link
            to={paths.company(company.id)}
            className="hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {company.companyName}
          </Link>
        </h2>
        <ReputationBadge reputation={reputation} />
      </div>
      <p className="line-clamp-3 text-sm leading-relaxed text-slate-700">
        {company.description || <span className="text-muted-foreground">No description yet.</span>}
      </p>
      <div>
        <h3 className="sr-only">Materials</h3>
        <ul className="flex flex-wrap gap-1.5">
          {company.materials.map((material) => (
            <li key={material}>
              <Badge variant="secondary">{material}</Badge>
            </li>
          ))}
        </ul>
      </div>
      <dl className="grid gap-1.5 text-[0.8125rem]">
        <CardFact icon={<Tag className="size-3.5" aria-hidden />} label="Type">
          {companyTypeLabel(company.companyType)}
        </CardFact>
        <CardFact icon={<Factory className="size-3.5" aria-hidden />} label="Sector">
          {company.sector ?? 'Not specified'}
        </CardFact>
      </dl>
      <div className="mt-auto pt-1">
        <CompanyMessageButton company={company} className="w-full" />
      </div>
    </Card>
  );
}

function CardFact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-1.5">
      <dt className="flex items-center gap-1.5 text-muted-foreground">
        {icon}
        {label}:
      </dt>
      <dd className="font-medium text-foreground">{children}</dd>
    </div>
  );
}

/** The 3-column (2 on tablets, 1 on phones) grid of company cards. */
const COMPANY_GRID_CLASS = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3';

export function CompanyGrid({ children }: { children: ReactNode }) {
  return <ul className={COMPANY_GRID_CLASS}>{children}</ul>;
}

function CompanyCardSkeleton() {
  return (
    <Card className="grid gap-4 p-5" aria-hidden>
      <Skeleton className="h-5 w-28" />
      <Skeleton className="h-6 w-3/4" />
      <div className="grid gap-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
      <div className="flex gap-1.5">
        <Skeleton className="h-5 w-16 rounded-full" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-10 w-full" />
    </Card>
  );
}

/** Skeleton cards in the company grid while the directory loads. */
export function CompanyGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ListSkeleton
      label="Loading companies"
      labelAsText
      as="ul"
      rows={count}
      className={COMPANY_GRID_CLASS}
      renderItem={() => <CompanyCardSkeleton />}
    />
  );
}
