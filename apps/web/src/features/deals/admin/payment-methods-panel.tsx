import {
  DEAL_CONSTANTS,
  DEAL_MESSAGES,
  UpdatePaymentMethodBodySchema,
} from '@app/shared/deals/deals.schemas';
import { CreditCard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { EditButton } from '@/components/page/edit-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { formatPercent, formatUsd } from '@/lib/format';
import { type PaymentMethod, useAdminPaymentMethods } from '../api/get-admin-payment-methods';
import { useUpdatePaymentMethod } from '../api/update-payment-method';

const UPDATE_FAILED = 'Failed to update payment method';

const updateError = (error: unknown) => {
  const apiError = parseApiError(error);
  return apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL' ? UPDATE_FAILED : apiError.message;
};

/** Every payment method in the order buyers see them: enable or disable at once, edit name, text and fee. */
export function PaymentMethodsPanel() {
  const methods = useAdminPaymentMethods();
  const update = useUpdatePaymentMethod();
  const [editing, setEditing] = useState<PaymentMethod | null>(null);

  const toggle = async (method: PaymentMethod, enabled: boolean) => {
    try {
      const saved = await update.mutateAsync({ id: method.id, changes: { enabled } });
      toast.success(`${saved.name} ${saved.enabled ? 'enabled' : 'disabled'}`);
    } catch (error) {
      toast.error(updateError(error), { description: `${method.name} is unchanged.` });
    }
  };

  if (methods.isPending) {
    return (
      <ListSkeleton
        label="Loading payment methods"
        labelAsText
        className="grid gap-3"
        itemClassName="h-24 w-full rounded-card"
      />
    );
  }
  if (methods.isError) {
    const apiError = parseApiError(methods.error);
    return (
      <EmptyState
        title={DEAL_MESSAGES.loadPaymentMethodsFailed}
        description={
          apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL' ? undefined : apiError.message
        }
        action={<Button onClick={() => void methods.refetch()}>Try Again</Button>}
      />
    );
  }
  if (methods.data.length === 0) {
    return (
      <EmptyState
        icon={CreditCard}
        title="No payment methods"
        description="Payment methods are created when the platform starts. Restart the server to seed them."
      />
    );
  }
  return (
    <>
      <p className="mb-4 text-sm text-muted-foreground">
        Buyers see the enabled methods in this order when they fund escrow. Totals of{' '}
        {formatUsd(DEAL_CONSTANTS.cardOnlyMaxCents)} or less can only be paid by card.
      </p>
      <ul className="grid gap-3" aria-label="Payment methods">
        {methods.data.map((method) => (
          <li key={method.id}>
            <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-5">
              <div className="grid min-w-0 flex-1 gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-base font-semibold">{method.name}</h2>
                  <Badge variant="outline" className="font-mono font-medium">
                    {method.type}
                  </Badge>
                  <Badge variant={method.enabled ? 'success' : 'secondary'}>
                    {method.enabled ? 'Enabled' : 'Disabled'}
                  </Badge>
                </div>
                <p className="text-sm text-muted-foreground">{method.description || 'No description.'}</p>
              </div>
              <div className="flex items-center justify-between gap-5 sm:justify-end">
                <div className="text-sm sm:text-right">
                  <p className="text-muted-foreground">Fee</p>
                  <p className="tabular font-semibold">{formatPercent(method.processingFeePercentage)}</p>
                </div>
                <div className="flex items-center gap-3">
                  <Switch
                    checked={method.enabled}
                    onCheckedChange={(checked) => void toggle(method, checked)}
                    aria-label={`${method.name} enabled`}
                  />
                  <EditButton label={method.name} onClick={() => setEditing(method)} />
                </div>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <EditPaymentMethodDialog method={editing} onClose={() => setEditing(null)} />
    </>
  );
}

type Fields = { name: string; description: string; fee: string };
type FieldErrors = Partial<Record<'name' | 'description' | 'processingFeePercentage', string>>;

function EditPaymentMethodDialog({ method, onClose }: { method: PaymentMethod | null; onClose: () => void }) {
  const update = useUpdatePaymentMethod();
  const [fields, setFields] = useState<Fields>({ name: '', description: '', fee: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (method) {
      setFields({
        name: method.name,
        description: method.description,
        fee: String(method.processingFeePercentage),
      });
      setErrors({});
    }
  }, [method]);

  const set = (key: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    const errorKey = key === 'fee' ? 'processingFeePercentage' : key;
    if (errors[errorKey]) setErrors((e) => ({ ...e, [errorKey]: undefined }));
  };

  const submit = async () => {
    if (!method || update.isPending) return;
    const fee = fields.fee.trim() === '' ? Number.NaN : Number(fields.fee);
    const parsed = UpdatePaymentMethodBodySchema.safeParse({
      name: fields.name,
      description: fields.description,
      processingFeePercentage: fee,
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FieldErrors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: method.id, changes: parsed.data });
      toast.success('Payment method updated', { description: saved.name });
      onClose();
    } catch (error) {
      toast.error(updateError(error));
    }
  };

  return (
    <Dialog open={method !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit payment method</DialogTitle>
          <DialogDescription>
            Changes apply to the next buyer who funds escrow; deals already funded keep their fee.
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
          <FormField label="Name" error={errors.name}>
            <Input value={fields.name} maxLength={80} onChange={(e) => set('name')(e.target.value)} />
          </FormField>
          <FormField label="Description" error={errors.description}>
            <Textarea
              value={fields.description}
              maxLength={500}
              onChange={(e) => set('description')(e.target.value)}
            />
          </FormField>
          <FormField
            label="Processing fee (%)"
            error={errors.processingFeePercentage}
            hint="Charged to the buyer on top of the deal value and commission, from 0 to 20."
          >
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              max={20}
              step={0.01}
              value={fields.fee}
              onChange={(e) => set('fee')(e.target.value)}
            />
          </FormField>
          <DialogFormActions
            onCancel={onClose}
            busy={update.isPending}
            submitLabel="Save Changes"
            busyLabel="Saving..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
