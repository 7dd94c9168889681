import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * The whole-page state of a detail page whose record did not load: "not found" with a way back to
 * the list, or a failure with "Try Again".
 */
export function DetailLoadError({
  icon,
  missing,
  notFoundTitle,
  notFoundDescription,
  failedTitle,
  failedDescription,
  back,
  onRetry,
}: {
  icon: LucideIcon;
  missing: boolean;
  notFoundTitle: string;
  notFoundDescription: ReactNode;
  failedTitle: string;
  failedDescription?: ReactNode;
  back: { to: string; label: string };
  onRetry: () => void;
}) {
  return (
    <div className="container-page py-16">
      <EmptyState
        icon={icon}
        headingLevel={1}
        title={missing ? notFoundTitle : failedTitle}
        description={missing ? notFoundDescription : failedDescription}
        action={
          missing ? (
            <Button asChild>
              <Link to={back.to}>{back.label}</Link>
            </Button>
          ) : (
            <Button onClick={onRetry}>Try Again</Button>
          )
        }
      />
    </div>
  );
}
