import { COMPANY_MESSAGES, type OwnCompany } from '@app/shared/companies/companies.schemas';
import { ArrowRight, Building2, Mail, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { parseApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-client';
import { formatDate } from '@/lib/format';
import { useDeleteCompany } from '../api/delete-company';
import { useMyCompanies } from '../api/get-my-companies';
import { companyTypeLabel, VerificationBadge } from './company-badges';
import { CompanyVerificationPanel } from './company-verification-panel';
import { CompanyWizard } from './company-wizard';
import { countryName } from './country-names';

type Editor = { mode: 'add' } | { mode: 'edit'; company: OwnCompany } | null;

type MyCompaniesProps = {
  /** Opens the add-company wizard on first render (the settings pages' ?add=true). */
  openAddInitially?: boolean;
  /** Called when the wizard closes, so the page can drop ?add=true from the address. */
  onEditorClose?: () => void;
};

/** The signed-in user's companies on the settings pages: list, add and edit (the wizard), delete. */
export function MyCompanies({ openAddInitially = false, onEditorClose }: MyCompaniesProps) {
  const { user } = useAuth();
  const companies = useMyCompanies(Boolean(user));
  const [editor, setEditor] = useState<Editor>(() => (openAddInitially ? { mode: 'add' } : null));
  const [deleting, setDeleting] = useState<OwnCompany | null>(null);
  const editorRef = useRef<HTMLDivElement>(null);

  // A later ?add=true on the same page (a header or dashboard link) opens the wizard as well.
  useEffect(() => {
    if (openAddInitially) setEditor((current) => current ?? { mode: 'add' });
  }, [openAddInitially]);

  // An opened wizard may sit above the fold on a phone; bring it into view.
  useEffect(() => {
    if (editor) editorRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [editor]);

  const closeEditor = () => {
    setEditor(null);
    onEditorClose?.();
  };
  const items = companies.data?.items ?? [];
  // A new company starts from the name and sector given at sign-up, unless a profile already has that name.
  const signUpName = user?.company?.trim() ?? '';
  const signUpProfile = items.some((c) => c.companyName.trim().toLowerCase() === signUpName.toLowerCase())
    ? undefined
    : { company: signUpName || null, sector: user?.sector ?? null };

  return (
    <section aria-labelledby="my-companies-title" className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="my-companies-title" className="text-xl font-semibold tracking-tight">
            Your Companies
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            New profiles are reviewed by our admin team before they show as Verified.
          </p>
        </div>
        {editor === null && items.length > 0 ? (
          <Button onClick={() => setEditor({ mode: 'add' })}>
            <Plus aria-hidden />
            Add Company
          </Button>
        ) : null}
      </div>

      {editor ? (
        <div ref={editorRef} className="scroll-mt-24">
          <Card>
            <CardHeader>
              <CardTitle as="h3">
                {editor.mode === 'edit' ? `Edit ${editor.company.companyName}` : 'Add Company'}
              </CardTitle>
              <CardDescription>
                {editor.mode === 'edit'
                  ? 'Change what traders see on your company profile.'
                  : 'Tell traders who you are and what you trade. It takes three short steps.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <CompanyWizard
                key={editor.mode === 'edit' ? editor.company.id : 'new'}
                company={editor.mode === 'edit' ? editor.company : undefined}
                defaultContactEmail={user?.email ?? ''}
                signUpProfile={signUpProfile}
                onDone={closeEditor}
                onCancel={closeEditor}
              />
            </CardContent>
          </Card>
        </div>
      ) : null}

      {companies.isPending ? (
        <div className="grid gap-4" aria-busy="true">
          <span className="sr-only">Loading your companies</span>
          <Skeleton className="h-40 w-full rounded-card" />
          <Skeleton className="h-40 w-full rounded-card" />
        </div>
      ) : companies.isError ? (
        <EmptyState
          title={COMPANY_MESSAGES.loadFailed}
          description={parseApiError(companies.error).message}
          action={
            <Button onClick={() => void companies.refetch()} disabled={companies.isFetching}>
              {companies.isFetching ? 'Trying again...' : 'Try Again'}
            </Button>
          }
        />
      ) : items.length === 0 ? (
        editor ? null : (
          <EmptyState
            icon={Building2}
            headingLevel={3}
            title="No companies yet"
            description="Add your company so buyers and sellers can find it in the company directory. Each new profile is reviewed by our admin team."
            action={
              <Button onClick={() => setEditor({ mode: 'add' })}>
                <Plus aria-hidden />
                Add Company
              </Button>
            }
          />
        )
      ) : (
        <ul className="grid gap-4" aria-label="Your companies">
          {items.map((company) => (
            <li key={company.id}>
              <CompanyItem
                company={company}
                isEditing={editor?.mode === 'edit' && editor.company.id === company.id}
                onEdit={() => setEditor({ mode: 'edit', company })}
                onDelete={() => setDeleting(company)}
              />
            </li>
          ))}
        </ul>
      )}

      <DeleteCompanyDialog
        company={deleting}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        onDeleted={(id) => {
          if (editor?.mode === 'edit' && editor.company.id === id) closeEditor();
        }}
      />
    </section>
  );
}

function CompanyItem({
  company,
  isEditing,
  onEdit,
  onDelete,
}: {
  company: OwnCompany;
  isEditing: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const facts: [string, string][] = [
    ['Type', companyTypeLabel(company.companyType)],
    ['Sector', company.sector ?? 'Not set'],
    ['Added', formatDate(company.createdAt)],
    ['Country', company.country ? countryName(company.country) : 'Not set'],
    ['Tax id', company.taxId ?? 'Not set'],
  ];
  return (
    <Card className="grid gap-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="grid min-w-0 gap-1.5">
          <h3 className="text-lg font-semibold leading-tight break-words">{company.companyName}</h3>
          <a
            href={`mailto:${company.contactEmail}`}
            className="inline-flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground hover:underline"
          >
            <Mail className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{company.contactEmail}</span>
          </a>
        </div>
        <VerificationBadge verified={company.verified} />
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm min-[400px]:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-1.5 text-sm">
        <p className="text-muted-foreground">Materials</p>
        <ul className="flex flex-wrap gap-1.5" aria-label={`Materials of ${company.companyName}`}>
          {company.materials.map((material) => (
            <li key={material}>
              <Badge variant="secondary">{material}</Badge>
            </li>
          ))}
        </ul>
      </div>
      <CompanyVerificationPanel company={company} onEdit={onEdit} />
      <div className="flex flex-wrap items-center gap-2 border-t pt-4">
        <Button variant="outline" size="sm" onClick={onEdit} disabled={isEditing}>
          <Pencil aria-hidden />
          Edit<span className="sr-only"> {company.companyName}</span>
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete}>
          <Trash2 aria-hidden />
          Delete<span className="sr-only"> {company.companyName}</span>
        </Button>
        <Button variant="link" size="sm" asChild className="ml-auto">
          <Link to={paths.company(company.id)}>
            View public page
            <ArrowRight aria-hidden />
            <span className="sr-only"> of {company.companyName}</span>
          </Link>
        </Button>
      </div>
    </Card>
  );
}

function DeleteCompanyDialog({
  company,
  onOpenChange,
  onDeleted,
}: {
  company: OwnCompany | null;
  onOpenChange: (open: boolean) => void;
  onDeleted: (id: string) => void;
}) {
  const remove = useDeleteCompany();
  const confirm = async () => {
    if (!company) return;
    try {
      await remove.mutateAsync(company.id);
      toast.success(COMPANY_MESSAGES.deleted);
      onDeleted(company.id);
      onOpenChange(false);
    } catch (error) {
      const apiError = parseApiError(error);
      toast.error(COMPANY_MESSAGES.deleteFailed, {
        description:
          apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL' ? undefined : apiError.message,
      });
    }
  };
  return (
    <ConfirmDialog
      open={company !== null}
      onOpenChange={onOpenChange}
      title="Delete company"
      description={
        <>
          Are you sure you want to delete "{company?.companyName}"? It will leave the company directory. This
          action cannot be undone.
        </>
      }
      confirmLabel="Delete"
      busyLabel="Deleting..."
      isBusy={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
