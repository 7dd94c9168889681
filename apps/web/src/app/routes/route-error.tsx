import { AlertTriangle } from 'lucide-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** Shown inside the layout when a screen throws while rendering or loading its code. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(
      JSON.stringify({
        context: 'route',
        code: 'UNKNOWN',
        message: String(error),
        timestamp: new Date().toISOString(),
      }),
    );
  }, [error]);
  return (
    <div className="container-page py-16">
      <EmptyState
        icon={AlertTriangle}
        headingLevel={1}
        title="Oops! Something went wrong"
        description="This page could not be displayed. Please try again; if it keeps happening, contact support."
        action={<Button onClick={() => window.location.reload()}>Try Again</Button>}
      />
    </div>
  );
}
