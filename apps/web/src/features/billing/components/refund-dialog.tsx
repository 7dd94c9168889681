import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { paymentTerms } from '@/config/pricing';
import { parseApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-client';
import { formatUsd } from '@/lib/format';
import { useRefundSubscription } from '../api/refund-subscription';

/** "Cancel with full refund" and its confirmation: the money-back guarantee ends Premium at once. */
export function RefundButton({ amountCents }: { amountCents: number }) {
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  const refund = useRefundSubscription(auth.user?.id);
  const amount = formatUsd(amountCents, { alwaysCents: true });

  const confirm = async () => {
    try {
      await refund.mutateAsync();
      setOpen(false);
      toast.success('Subscription canceled and refunded', {
        description: `${amount} is on its way back to your card (${paymentTerms.refundBusinessDays} business days). You are now on the free plan.`,
      });
    } catch (error) {
      toast.error('Refund failed', { description: parseApiError(error).message });
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !refund.isPending && setOpen(next)}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Cancel with full refund
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel with a full refund?</DialogTitle>
          <DialogDescription>
            Premium ends immediately and your payment of {amount} is refunded to your card. Refunds take{' '}
            {paymentTerms.refundBusinessDays} business days to appear. Your account returns to the free plan.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={refund.isPending}>
              Keep Premium
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={refund.isPending}>
            {refund.isPending ? 'Cancelling...' : 'Cancel and refund'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
