import {
  orderPaymentMethods,
  type PaymentMethod,
  type PaymentMethodList,
  paymentMethodsForTotal,
} from '@app/shared/deals/deals.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dealKeys } from './deal-keys';

export async function getPaymentMethods(totalCents: number, signal?: AbortSignal): Promise<PaymentMethod[]> {
  const { methods } = await api.get<PaymentMethodList>('/api/payment-methods', {
    query: { totalCents },
    signal,
  });
  // The server already orders and filters; applying the same shared rules again costs nothing.
  return paymentMethodsForTotal(orderPaymentMethods(methods), totalCents);
}

/** GET /api/payment-methods?totalCents=: the enabled methods in the spec's order (card only up to $50). */
export const usePaymentMethods = (totalCents: number, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: dealKeys.paymentMethods(totalCents),
    queryFn: ({ signal }) => getPaymentMethods(totalCents, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled: options.enabled ?? true,
  });
