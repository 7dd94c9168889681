import { Toaster as Sonner } from 'sonner';

/** Outcome toasts (sonner). Rich colours with AA-contrast overrides in globals.css; errors use toast.error. */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      richColors
      closeButton
      duration={5000}
      toastOptions={{ classNames: { toast: 'shadow-lg', title: 'text-sm', description: 'text-sm' } }}
    />
  );
}
