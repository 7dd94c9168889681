import {
  orderPaymentMethods,
  type PaymentMethod,
  type PaymentMethodList,
} from '@app/shared/deals/deals.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  const { methods } = await api.get<PaymentMethodList>('/api/payment-methods', { signal });
  return orderPaymentMethods(methods);
}

/** Administrators enable, disable and edit methods rarely: keep the list for a minute. */
export const getPaymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['pricing', 'payment-methods'] as const,
    queryFn: ({ signal }) => getPaymentMethods(signal),
    staleTime: 60_000,
  });

/** GET /api/payment-methods: the enabled payment methods with their processing fees, in the spec's order. */
export const usePaymentMethods = () => useQuery(getPaymentMethodsQueryOptions());
