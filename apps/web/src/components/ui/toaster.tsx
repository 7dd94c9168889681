import { Toaster as Sonner } from 'sonner';

/**
 * Outcome toasts (sonner). Rich colours with AA-contrast overrides in globals.css; errors use toast.error.
 * They rise from the bottom (the right corner on wide screens, full width on phones) so they never
 * cover the header's Account menu, messages link or notification badges.
 */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      richColors
      closeButton
      duration={5000}
      toastOptions={{ classNames: { toast: 'shadow-lg', title: 'text-sm', description: 'text-sm' } }}
    />
  );
}
