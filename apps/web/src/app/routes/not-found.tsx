import { Building2, Home, Store } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  const location = useLocation();
  useDocumentTitle('Page not found', 'The page you are looking for does not exist.');
  return (
    <div className="container-page py-16 md:py-24">
      <div className="mx-auto max-w-xl text-center">
        <p className="tabular text-7xl font-extrabold tracking-tight text-primary">404</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Oops! Page not found</h1>
        <p className="mt-4 text-muted-foreground">
          We couldn't find{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-all text-foreground">
            {location.pathname}
          </code>
          . The page may have moved, or the address may be mistyped.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to={paths.home}>
              <Home aria-hidden />
              Go to Home
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.directory}>
              <Building2 aria-hidden />
              Company Directory
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.marketplace}>
              <Store aria-hidden />
              Marketplace
            </Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
