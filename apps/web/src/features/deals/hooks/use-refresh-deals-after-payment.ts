import { DEAL_CONSTANTS } from '@app/shared/deals/deals.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { dealKeys } from '../api/deal-keys';

/** After a card payment the deals are refreshed 3 seconds later, once the payment has been booked. */
export function useRefreshDealsAfterPayment() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: dealKeys.all }),
      DEAL_CONSTANTS.cardRefreshMs,
    );
  }, [queryClient]);
}
