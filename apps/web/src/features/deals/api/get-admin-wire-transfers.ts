import type { WIRE_TRANSFER_STATUSES, WireTransfer, WireTransferList } from '@app/shared/deals/deals.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { WireTransfer } from '@app/shared/deals/deals.schemas';
export type WireTransferFilter = (typeof WIRE_TRANSFER_STATUSES)[number] | 'all';

export async function getAdminWireTransfers(
  status: WireTransferFilter,
  signal?: AbortSignal,
): Promise<WireTransfer[]> {
  const body = await api.get<WireTransferList>('/api/admin/wire-transfers', { query: { status }, signal });
  return body.wireTransfers;
}

export const adminWireTransfersKey = ['admin', 'wire-transfers'] as const;

export const getAdminWireTransfersQueryOptions = (status: WireTransferFilter) =>
  queryOptions({
    queryKey: [...adminWireTransfersKey, status],
    queryFn: ({ signal }) => getAdminWireTransfers(status, signal),
  });

/** GET /api/admin/wire-transfers?status: every wire transfer of that status, newest first. */
export const useAdminWireTransfers = (status: WireTransferFilter) =>
  useQuery(getAdminWireTransfersQueryOptions(status));
