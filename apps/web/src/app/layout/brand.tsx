import { PRODUCT_NAME } from '@app/shared/catalog/catalog';
import { Recycle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/** The wordmark: a recycle loop and "Recytrade"; links home. */
export function Brand({ className }: { className?: string }) {
  return (
    <Link
      to={paths.home}
      className={cn(
        'flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-foreground',
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Recycle className="size-5" aria-hidden />
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}
