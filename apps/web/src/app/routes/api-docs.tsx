import { BookOpen, Download, Package } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useOpenApiDocument } from '@/features/public-api/api/get-openapi-document';
import { ApiReference, ApiReferenceSkeleton } from '@/features/public-api/components/api-reference';
import { parseApiError } from '@/lib/api-client';
import { usePublicPageMeta } from '@/lib/use-document-title';

/** /api/docs: the API reference, rendered from the live OpenAPI document. */
export function ApiDocsPage() {
  usePublicPageMeta('/api/docs');
  const document = useOpenApiDocument();
  return (
    <>
      <PageHeader
        eyebrow="Developers"
        title="API Documentation"
        description="Every endpoint of the Recytrade REST API v1 with its parameters, request and response fields, and a curl example. Generated from the same schemas the server validates with."
      >
        <Button asChild>
          <a href={paths.openApiDocument} download="recytrade-openapi.json">
            <Download aria-hidden />
            Download openapi.json
          </a>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.apiSdk}>
            <Package aria-hidden />
            TypeScript SDK
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.api}>
            <BookOpen aria-hidden />
            API overview
          </Link>
        </Button>
      </PageHeader>
      <div className="container-page py-10 md:py-14">
        {document.isPending ? (
          <ApiReferenceSkeleton />
        ) : document.isError ? (
          <EmptyState
            icon={BookOpen}
            title="The documentation could not be loaded"
            description={parseApiError(document.error).message}
            action={<Button onClick={() => void document.refetch()}>Try Again</Button>}
          />
        ) : (
          <ApiReference doc={document.data} />
        )}
      </div>
    </>
  );
}
