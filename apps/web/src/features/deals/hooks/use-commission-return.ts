import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';

/**
 * /deals?commission=success|cancelled: the commission checkout sent the browser back. Shows the toast,
 * then drops the parameter by replacing the history entry.
 */
export function useCommissionReturn(onPaid: () => void) {
  const location = useLocation();
  const navigate = useNavigate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address changes, not when the callback does
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const commission = params.get('commission');
    if (!commission) return;
    if (commission === 'success') {
      toast.success('Commission paid', {
        id: 'return-commission-success',
        description: 'Thank you. The deal shows the commission as settled once the payment is confirmed.',
      });
      onPaid();
    } else if (commission === 'cancelled') {
      toast('Commission payment canceled', {
        id: 'return-commission-cancelled',
        description: 'No payment was taken. You can pay the commission from the deal at any time.',
      });
    }
    params.delete('commission');
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [location.search]);
}
