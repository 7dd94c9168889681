import { Recycle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { usePlatformName } from '@/lib/platform-status';

/** The wordmark: a recycle loop and the platform name ("Recytrade" by default); links home. */
export function Brand({ className }: { className?: string }) {
  const name = usePlatformName();
  return (
    <Link
      to={paths.home}
      className={cn(
        'flex min-w-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight text-foreground',
        className,
      )}
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Recycle className="size-5" aria-hidden />
      </span>
      {/* The name is a setting of up to 60 characters: a long one is cut, not wrapped into the nav. */}
      <span className="max-w-[14rem] truncate sm:max-w-[20rem]">{name}</span>
    </Link>
  );
}
