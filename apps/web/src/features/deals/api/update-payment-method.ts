import type { PaymentMethod, UpdatePaymentMethodBody } from '@app/shared/deals/deals.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminPaymentMethodsKey } from './get-admin-payment-methods';

export async function updatePaymentMethod({
  id,
  changes,
}: {
  id: string;
  changes: UpdatePaymentMethodBody;
}): Promise<PaymentMethod> {
  return api.patch<PaymentMethod>(`/api/admin/payment-methods/${encodeURIComponent(id)}`, changes);
}

/**
 * PATCH /api/admin/payment-methods/:id. The list changes at once (a switch must not lag) and is put
 * back if the server refuses; the caller reports the error.
 */
export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onMutate: async ({ id, changes }) => {
      await queryClient.cancelQueries({ queryKey: adminPaymentMethodsKey });
      const previous = queryClient.getQueryData<PaymentMethod[]>(adminPaymentMethodsKey);
      queryClient.setQueryData<PaymentMethod[]>(adminPaymentMethodsKey, (methods) =>
        methods?.map((method) => (method.id === id ? { ...method, ...changes } : method)),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(adminPaymentMethodsKey, context.previous);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPaymentMethodsKey }),
        // Buyers' method lists (fund escrow, /payments) read the same table.
        queryClient.invalidateQueries({ queryKey: ['deals', 'payment-methods'] }),
        queryClient.invalidateQueries({ queryKey: ['pricing', 'payment-methods'] }),
      ]),
  });
}
