import { PageHeader } from '@/components/page/page-header';
import { ImpactFactorsPanel } from '@/features/market/impact/components/impact-factors-panel';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/impact-factors (behind the admin gate): the EPA WARM factors behind every impact figure. */
export function AdminImpactFactorsPage() {
  useDocumentTitle('Impact Factors', 'EPA WARM emission factors per material and the grades mapped to them.');
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Impact Factors"
        description={
          <p>
            The EPA WARM factors behind every environmental impact figure: edit a factor, mark it checked
            against EPA's workbook, and choose the grades it applies to.
          </p>
        }
      />
      <div className="container-page py-8">
        <ImpactFactorsPanel />
      </div>
    </>
  );
}
