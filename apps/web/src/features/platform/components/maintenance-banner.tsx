import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Above every screen for administrators while maintenance mode is on, so it is never left on by mistake. */
export function MaintenanceBanner({ name }: { name: string }) {
  return (
    <div role="status" className="border-b border-amber-200 bg-warning-soft text-warning-soft-foreground">
      <div className="container-page flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
        <AlertTriangle className="size-4 shrink-0" aria-hidden />
        <p className="font-medium">Maintenance mode is on — only administrators can use {name}</p>
        <Link
          to={paths.adminSystem}
          className="rounded-sm underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Open System Settings
        </Link>
      </div>
    </div>
  );
}
