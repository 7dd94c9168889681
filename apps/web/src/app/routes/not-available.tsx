import { Construction, Home } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The honest placeholder for screens whose capability has not shipped yet: the screen's name, a plain
 * sentence, and a way back. No sample data.
 */
export function NotAvailablePage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <div className="container-page py-16 md:py-24">
      <div className="mx-auto flex max-w-xl flex-col items-center text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Construction className="size-7" aria-hidden />
        </div>
        <h1 className="mt-6 text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          This part of Recytrade is being prepared and is not available yet.
        </p>
        <p className="mt-2 text-muted-foreground">
          We are building it now and will open it as soon as it is ready. Everything else on the site works as
          usual.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to={paths.home}>
              <Home aria-hidden />
              Back to Home
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.help}>Visit the Help Center</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
