import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CompanyReview, type CompanyReviewStatus } from '@/features/companies/admin/company-review';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The work queue first: pending companies are the default tab. */
const TABS: { status: CompanyReviewStatus; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'verified', label: 'Verified' },
  { status: 'all', label: 'All' },
];

const isStatus = (value: string | null): value is CompanyReviewStatus =>
  TABS.some((tab) => tab.status === value);

/** /admin/companies (behind the admin gate): verify new companies, remove companies with a reason. */
export function AdminCompaniesPage() {
  useDocumentTitle('Company Management', 'Verify and manage the company profiles in the directory.');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: CompanyReviewStatus = isStatus(raw) ? raw : 'pending';
  const changeStatus = (value: string) =>
    setParams(value === 'pending' ? {} : { status: value }, { replace: true });
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Company Management"
        description={
          <p>
            Verify new company profiles so they carry the Verified badge, or remove a company from the
            directory with a reason.
          </p>
        }
      />
      <div className="container-page py-8">
        <Tabs value={status} onValueChange={changeStatus}>
          <TabsList aria-label="Verification status">
            {TABS.map((tab) => (
              <TabsTrigger key={tab.status} value={tab.status}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((tab) => (
            <TabsContent key={tab.status} value={tab.status} className="mt-6">
              {tab.status === status ? (
                <CompanyReview status={tab.status} onStatusChange={changeStatus} />
              ) : null}
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </>
  );
}
