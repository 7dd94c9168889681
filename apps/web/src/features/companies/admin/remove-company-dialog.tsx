import {
  type AdminCompany,
  COMPANY_MESSAGES,
  RemoveCompanyBodySchema,
} from '@app/shared/companies/companies.schemas';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useRemoveCompany } from '../api/remove-company';

const parseRemovalReason = (reason: string) => RemoveCompanyBodySchema.safeParse({ reason }).data?.reason;

/** Asks for the reason before an admin removes a company; the owner receives it by email. */
export function RemoveCompanyDialog({
  company,
  onClose,
}: {
  company: AdminCompany | null;
  onClose: () => void;
}) {
  const remove = useRemoveCompany();
  const submit = async (reason: string) => {
    if (!company) return;
    try {
      await remove.mutateAsync({ id: company.id, reason });
      toast.success(COMPANY_MESSAGES.adminRemoved);
      onClose();
    } catch (err) {
      const apiError = parseApiError(err);
      toast.error(apiError.code === 'UNKNOWN' ? COMPANY_MESSAGES.adminRemoveFailed : apiError.message);
    }
  };
  return (
    <ReasonDialog
      open={company !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Remove company"
      description={
        <>
          "{company?.companyName}" will be taken out of the company directory. The owner receives the reason
          by email.
        </>
      }
      fieldLabel="Reason for removal"
      submitLabel="Remove Company"
      busyLabel="Removing..."
      isBusy={remove.isPending}
      requiredMessage={COMPANY_MESSAGES.removalReasonRequired}
      maxLength={1000}
      parseReason={parseRemovalReason}
      onSubmit={(reason) => void submit(reason)}
    />
  );
}
