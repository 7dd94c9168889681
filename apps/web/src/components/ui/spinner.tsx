import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A spinning indicator with a text alternative; pair it with visible text when it stands alone. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2 className={cn('size-4 animate-spin', className)} aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
