import {
  type AdminCompany,
  COMPANY_MESSAGES,
  RemoveCompanyBodySchema,
} from '@app/shared/companies/companies.schemas';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { useRemoveCompany } from '@/features/companies/api/remove-company';
import { parseApiError } from '@/lib/api-client';

/** Asks for the reason before an admin removes a company; the owner receives it by email. */
export function RemoveCompanyDialog({
  company,
  onClose,
}: {
  company: AdminCompany | null;
  onClose: () => void;
}) {
  const remove = useRemoveCompany();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = async () => {
    if (!company || remove.isPending) return;
    const parsed = RemoveCompanyBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(COMPANY_MESSAGES.removalReasonRequired);
      return;
    }
    try {
      await remove.mutateAsync({ id: company.id, reason: parsed.data.reason });
      toast.success(COMPANY_MESSAGES.adminRemoved);
      close();
    } catch (err) {
      const apiError = parseApiError(err);
      toast.error(apiError.code === 'UNKNOWN' ? COMPANY_MESSAGES.adminRemoveFailed : apiError.message);
    }
  };
  return (
    <Dialog open={company !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove company</DialogTitle>
          <DialogDescription>
            "{company?.companyName}" will be taken out of the company directory. The owner receives the reason
            by email.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <FormField label="Reason for removal" error={error}>
            <Textarea
              value={reason}
              maxLength={1000}
              onChange={(event) => {
                setReason(event.target.value);
                if (error) setError(undefined);
              }}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? 'Removing...' : 'Remove Company'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
