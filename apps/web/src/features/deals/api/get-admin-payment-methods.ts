import {
  orderPaymentMethods,
  type PaymentMethod,
  type PaymentMethodList,
} from '@app/shared/deals/deals.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { PaymentMethod } from '@app/shared/deals/deals.schemas';

export async function getAdminPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  const body = await api.get<PaymentMethodList>('/api/admin/payment-methods', { signal });
  return orderPaymentMethods(body.methods);
}

export const adminPaymentMethodsKey = ['admin', 'payment-methods'] as const;

export const getAdminPaymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: adminPaymentMethodsKey,
    queryFn: ({ signal }) => getAdminPaymentMethods(signal),
  });

/** GET /api/admin/payment-methods: every method, enabled or not, in the order buyers see them. */
export const useAdminPaymentMethods = () => useQuery(getAdminPaymentMethodsQueryOptions());
