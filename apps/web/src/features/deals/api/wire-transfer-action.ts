import type { WireTransfer } from '@app/shared/deals/deals.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminDealsKey } from './get-admin-deals';
import { adminWireTransfersKey } from './get-admin-wire-transfers';

/** The administrator's decisions on a wire transfer, and the two fee bookings that follow a verification. */
export type WireTransferAction =
  | 'received'
  | 'verify'
  | 'fail'
  | 'transfer-processing-fee'
  | 'transfer-commission';

export async function runWireTransferAction({
  id,
  action,
  adminNotes,
}: {
  id: string;
  action: WireTransferAction;
  adminNotes?: string;
}): Promise<WireTransfer> {
  const body =
    action === 'received' || action === 'verify' || action === 'fail'
      ? adminNotes
        ? { adminNotes }
        : {}
      : undefined;
  return api.post<WireTransfer>(`/api/admin/wire-transfers/${encodeURIComponent(id)}/${action}`, body);
}

/**
 * POST /api/admin/wire-transfers/:id/received | verify | fail {adminNotes?}, and the retries
 * /transfer-processing-fee | /transfer-commission. A verified wire funds its deal, so deals go stale too.
 */
export function useWireTransferAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runWireTransferAction,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminWireTransfersKey }),
        queryClient.invalidateQueries({ queryKey: adminDealsKey }),
      ]),
  });
}
