import {
  type ADMIN_COMPANY_STATUSES,
  type AdminCompany,
  COMPANY_MESSAGES,
  RefuseVerificationBodySchema,
  VERIFICATION_LIMITS,
  VERIFICATION_MESSAGES,
} from '@app/shared/companies/companies.schemas';
import { Building2, Check, Trash2, X } from 'lucide-react';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ChangeList } from '@/components/ui/change-list';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { ResponsiveTable, TableActionsHead, TableCell, TableHead, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { parseApiError } from '@/lib/api-client';
import { formatShortDate } from '@/lib/format';
import { useStepBackWhenEmpty } from '@/lib/use-step-back-when-empty';
import { useAdminCompanies } from '../api/get-admin-companies';
import { useRefuseVerification } from '../api/refuse-verification';
import { useVerifyCompany } from '../api/verify-company';
import { companyTypeLabel, VerificationBadge } from '../components/company-badges';
import { RemoveCompanyDialog } from './remove-company-dialog';
import { VerificationDossier } from './verification-dossier';

export type CompanyReviewStatus = (typeof ADMIN_COMPANY_STATUSES)[number];

const EMPTY: Record<
  CompanyReviewStatus,
  { title: string; description: string; action?: { label: string; status: CompanyReviewStatus } }
> = {
  pending: {
    title: 'No companies waiting for verification',
    description: 'New company profiles show up here until you verify them.',
    action: { label: 'Show All Companies', status: 'all' },
  },
  verified: {
    title: 'No verified companies yet',
    description: 'Companies you verify show the Verified badge in the directory and are listed here.',
    action: { label: 'Review Pending Companies', status: 'pending' },
  },
  all: {
    title: 'No companies yet',
    description: 'Companies appear here as soon as traders create a company profile.',
  },
};

type RowActions = {
  onVerify: (company: AdminCompany) => void;
  onRefuse: (company: AdminCompany) => void;
  onRemove: (company: AdminCompany) => void;
  verifyingId: string | undefined;
};

/** One company queue (pending, verified or all) with Verify and Remove on each company. */
export function CompanyReview({
  status,
  onStatusChange,
}: {
  status: CompanyReviewStatus;
  onStatusChange: (status: CompanyReviewStatus) => void;
}) {
  const [page, setPage] = useState(1);
  const companies = useAdminCompanies({ status, page });
  const verify = useVerifyCompany();
  const [removing, setRemoving] = useState<AdminCompany | null>(null);
  const [refusing, setRefusing] = useState<AdminCompany | null>(null);
  const refuse = useRefuseVerification();

  const onRefuse = async (reason: string) => {
    if (!refusing) return;
    try {
      await refuse.mutateAsync({ id: refusing.id, reason });
      toast.success(VERIFICATION_MESSAGES.refused);
      setRefusing(null);
    } catch (error) {
      toast.error('Verification could not be refused', { description: parseApiError(error).message });
    }
  };

  const errorAt = companies.isError ? companies.errorUpdatedAt : 0;
  const errorMessage = companies.isError ? loadErrorMessage(companies.error) : '';
  useEffect(() => {
    if (errorAt) toast.error(errorMessage);
  }, [errorAt, errorMessage]);

  useStepBackWhenEmpty(companies.data?.items.length, page, setPage);

  const onVerify = async (company: AdminCompany) => {
    if (verify.isPending) return;
    try {
      await verify.mutateAsync(company.id);
      toast.success(COMPANY_MESSAGES.adminVerified);
    } catch (error) {
      const apiError = parseApiError(error);
      toast.error(apiError.code === 'UNKNOWN' ? COMPANY_MESSAGES.adminVerifyFailed : apiError.message);
    }
  };

  if (companies.isPending) return <CompanyReviewSkeleton />;
  if (companies.isError) {
    return (
      <EmptyState
        title={COMPANY_MESSAGES.adminLoadFailed}
        description={errorMessage === COMPANY_MESSAGES.adminLoadFailed ? undefined : errorMessage}
        action={<Button onClick={() => void companies.refetch()}>Try Again</Button>}
      />
    );
  }
  if (companies.data.items.length === 0) {
    const empty = EMPTY[status];
    return (
      <EmptyState
        icon={Building2}
        title={empty.title}
        description={empty.description}
        action={
          empty.action ? (
            <Button variant="outline" onClick={() => onStatusChange(empty.action?.status ?? 'all')}>
              {empty.action.label}
            </Button>
          ) : undefined
        }
      />
    );
  }

  const { items, total, pageSize } = companies.data;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const actions: RowActions = {
    onVerify: (company) => void onVerify(company),
    onRefuse: setRefusing,
    onRemove: setRemoving,
    verifyingId: verify.isPending ? verify.variables : undefined,
  };
  return (
    <>
      <p className="tabular mb-4 text-sm text-muted-foreground">{countLabel(total, status)}</p>
      <ResponsiveTable
        items={items}
        rowKey={(company) => company.id}
        head={
          <>
            <TableHead>Company</TableHead>
            <TableHead>Owner &amp; contact</TableHead>
            <TableHead>Materials</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Status</TableHead>
            <TableActionsHead />
          </>
        }
        row={(company) => <CompanyTableRow company={company} actions={actions} />}
        card={(company) => (
          <>
            <CompanyCard company={company} actions={actions} />
          </>
        )}
      />
      <Pagination
        className="mt-6"
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        label="Company pages"
      />
      <RemoveCompanyDialog company={removing} onClose={() => setRemoving(null)} />
      <ReasonDialog
        open={refusing !== null}
        onOpenChange={(open) => {
          if (!open) setRefusing(null);
        }}
        title="Refuse verification"
        description={`The owner of ${refusing?.companyName ?? 'the company'} is emailed this reason and can ask again.`}
        fieldLabel="Reason"
        submitLabel="Refuse"
        busyLabel="Refusing..."
        isBusy={refuse.isPending}
        requiredMessage={VERIFICATION_MESSAGES.refusalReasonRequired}
        maxLength={VERIFICATION_LIMITS.refusalReasonMax}
        parseReason={(reason) => {
          const parsed = RefuseVerificationBodySchema.safeParse({ reason });
          return parsed.success ? parsed.data.reason : undefined;
        }}
        onSubmit={(reason) => void onRefuse(reason)}
      />
    </>
  );
}

function loadErrorMessage(error: unknown) {
  const apiError = parseApiError(error);
  return apiError.code === 'UNKNOWN' ? COMPANY_MESSAGES.adminLoadFailed : apiError.message;
}

function countLabel(total: number, status: CompanyReviewStatus) {
  const noun = total === 1 ? 'company' : 'companies';
  return status === 'all' ? `${total} ${noun}` : `${total} ${status} ${noun}`;
}

function typeAndSector(company: AdminCompany) {
  return [companyTypeLabel(company.companyType), company.sector].filter(Boolean).join(' · ');
}

function CompanyName({ company }: { company: AdminCompany }) {
  return (
    <Link
      to={paths.company(company.id)}
      className="font-semibold text-foreground underline-offset-4 hover:text-primary hover:underline"
    >
      {company.companyName}
    </Link>
  );
}

/** Every company on this screen is listed in the directory, verified or not. */
function ActiveInDirectory() {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-xs font-medium text-success-soft-foreground">
      <span className="size-2 rounded-full bg-success" aria-hidden />
      Active in Directory
    </span>
  );
}

function VerifiedRecord({ company }: { company: AdminCompany }) {
  if (!company.verified || !company.verifiedAt) return null;
  return (
    <p className="text-xs text-muted-foreground">
      Verified {formatShortDate(company.verifiedAt)}
      {company.verifiedByAdminEmail ? (
        <span className="flex gap-1">
          by <EmailText email={company.verifiedByAdminEmail} />
        </span>
      ) : null}
    </p>
  );
}

/** An address on one line: a long one ends in an ellipsis (the whole address in its tooltip), never split mid-word. */
function EmailText({ email }: { email: string }) {
  return (
    <span className="block max-w-64 min-w-0 truncate break-normal" title={email}>
      {email}
    </span>
  );
}

function CompanyActions({
  company,
  actions,
  className,
}: {
  company: AdminCompany;
  actions: RowActions;
  className?: string;
}) {
  const verifying = actions.verifyingId === company.id;
  return (
    <div className={className}>
      {company.verified ? null : (
        <Button
          size="sm"
          onClick={() => actions.onVerify(company)}
          disabled={actions.verifyingId !== undefined}
          aria-label={`Verify ${company.companyName}`}
        >
          <Check aria-hidden />
          {verifying ? 'Verifying...' : 'Verify'}
        </Button>
      )}
      {company.verification.state === 'requested' ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => actions.onRefuse(company)}
          aria-label={`Refuse verification of ${company.companyName}`}
        >
          <X aria-hidden />
          Refuse
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="outline"
        className="text-destructive hover:bg-destructive-soft"
        onClick={() => actions.onRemove(company)}
        aria-label={`Remove ${company.companyName}`}
      >
        <Trash2 aria-hidden />
        Remove
      </Button>
    </div>
  );
}

const CHANGES_TITLE = 'Changed since verification';

function CompanyTableRow({ company, actions }: { company: AdminCompany; actions: RowActions }) {
  const changed = company.verificationChanges.length > 0;
  return (
    <Fragment>
      <TableRow className="border-b-0 align-top">
        <TableCell className="min-w-48 align-top">
          <CompanyName company={company} />
          <p className="mt-0.5 text-[0.8125rem] text-muted-foreground">{typeAndSector(company)}</p>
        </TableCell>
        <TableCell className="min-w-56 align-top">
          <dl className="grid gap-0.5 text-[0.8125rem]">
            <div>
              <dt className="sr-only">Owner</dt>
              <dd>
                <EmailText email={company.ownerEmail} />
              </dd>
            </div>
            <div>
              <dt className="sr-only">Contact email</dt>
              <dd className="text-muted-foreground">
                <EmailText email={company.contactEmail} />
              </dd>
            </div>
          </dl>
        </TableCell>
        <TableCell className="min-w-36 align-top text-[0.8125rem]">{company.materials.join(', ')}</TableCell>
        <TableCell className="tabular align-top whitespace-nowrap text-[0.8125rem]">
          {formatShortDate(company.createdAt)}
        </TableCell>
        <TableCell className="min-w-48 align-top">
          <div className="grid justify-items-start gap-1.5">
            <VerificationBadge verified={company.verified} />
            <ActiveInDirectory />
            <VerifiedRecord company={company} />
          </div>
        </TableCell>
        <TableCell className="align-top">
          <CompanyActions company={company} actions={actions} className="flex justify-end gap-2" />
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={6} className="pt-0">
          <div className="grid gap-2">
            {changed ? <ChangeList title={CHANGES_TITLE} changes={company.verificationChanges} /> : null}
            <VerificationDossier company={company} />
          </div>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

function CompanyCard({ company, actions }: { company: AdminCompany; actions: RowActions }) {
  const facts: [string, ReactNode][] = [
    ['Owner', <EmailText key="owner" email={company.ownerEmail} />],
    ['Contact', <EmailText key="contact" email={company.contactEmail} />],
    ['Type', companyTypeLabel(company.companyType)],
    ['Sector', company.sector ?? 'Not set'],
    ['Materials', company.materials.join(', ')],
    ['Created', formatShortDate(company.createdAt)],
  ];
  return (
    <Card className="grid gap-3 p-4">
      <div className="grid gap-2">
        <h2 className="text-base leading-snug">
          <CompanyName company={company} />
        </h2>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <VerificationBadge verified={company.verified} />
          <ActiveInDirectory />
        </div>
        <VerifiedRecord company={company} />
        <ChangeList title={CHANGES_TITLE} changes={company.verificationChanges} />
      </div>
      <VerificationDossier company={company} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <CompanyActions company={company} actions={actions} className="flex flex-wrap gap-2" />
    </Card>
  );
}

function CompanyReviewSkeleton() {
  return (
    <ListSkeleton
      label="Loading companies"
      labelAsText
      rows={5}
      className="grid gap-3"
      itemClassName="h-20 w-full rounded-card"
    >
      <Skeleton className="mb-1 h-5 w-40" />
    </ListSkeleton>
  );
}
