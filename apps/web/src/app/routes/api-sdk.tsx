import { API_TOKEN_TTL_SECONDS } from '@app/shared/public-api/public-api.schemas';
import { BookOpen, Download, FileCode2, FileJson, KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { CodeSnippet } from '@/features/public-api/components/code-snippet';
import { usePublicPageMeta } from '@/lib/use-document-title';

/** Served by the web app from apps/web/public/sdk; regenerated with `npm run generate:sdk`. */
const SDK_FILES = [
  {
    href: '/sdk/recytrade-client.ts',
    file: 'recytrade-client.ts',
    icon: FileCode2,
    title: 'Client',
    description:
      'A small client without dependencies: it exchanges your key for a token, renews it before it expires and calls the five endpoints.',
  },
  {
    href: '/sdk/recytrade-api.d.ts',
    file: 'recytrade-api.d.ts',
    icon: FileCode2,
    title: 'Types',
    description: 'Request and response types of every operation, generated from the OpenAPI document.',
  },
  {
    href: paths.openApiDocument,
    file: 'recytrade-openapi.json',
    icon: FileJson,
    title: 'OpenAPI document',
    description: 'The OpenAPI 3.1 description of the API, for code generators and API tools.',
  },
] as const;

const usageExample = (origin: string) => `import { RecytradeClient } from './recytrade-client';

const recytrade = new RecytradeClient({
  baseUrl: '${origin}',
  apiKey: process.env.RECYTRADE_API_KEY!, // rtk_… from Account → API Keys
});

// The client gets a token on the first call and renews it before it expires.
const page = await recytrade.searchListings({ category: 'metals', type: 'sell', limit: 20 });
for (const listing of page.items) console.log(listing.title, listing.priceCents / 100);

const { listing } = await recytrade.createListing({
  title: 'HMS 1&2 80:20, 500 t a month',
  type: 'sell',
  description: 'Heavy melting steel, cut to charge, loaded on trucks at our yard.',
  availability: 'immediate',
  category: 'metals',
  location: 'Rotterdam, Netherlands',
  price: 310,
  quantity: 500,
  unit: 'tons',
});
await recytrade.updateListing(listing.id, { price: 305 });`;

const generatorExample = (
  origin: string,
) => `# Python, Java, Go, C#, PHP, Ruby… (openapi-generator.tech lists 50+ languages)
npx @openapitools/openapi-generator-cli generate \\
  -i ${origin}${paths.openApiDocument} \\
  -g python \\
  -o recytrade-python

# TypeScript types only
npx openapi-typescript ${origin}${paths.openApiDocument} -o recytrade-api.d.ts`;

/** /api/sdk: the generated TypeScript client, how to use it, and how to generate one in another language. */
export function ApiSdkPage() {
  usePublicPageMeta('/api/sdk');
  const origin = window.location.origin;
  return (
    <>
      <PageHeader
        eyebrow="Developers"
        title="API SDK"
        description="A typed TypeScript client for the Recytrade API, generated from the OpenAPI document, and the way to generate a client in any other language."
      >
        <Button asChild>
          <a href={SDK_FILES[0].href} download={SDK_FILES[0].file}>
            <Download aria-hidden />
            Download client
          </a>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.apiDocs}>
            <BookOpen aria-hidden />
            API documentation
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.accountApiKeys}>
            <KeyRound aria-hidden />
            Get API Key
          </Link>
        </Button>
      </PageHeader>

      <div className="container-page grid grid-cols-1 gap-14 py-10 md:py-14">
        <section aria-labelledby="sdk-downloads">
          <h2 id="sdk-downloads" className="text-2xl font-bold tracking-tight">
            Downloads
          </h2>
          <p className="mt-2 max-w-3xl text-slate-700">
            Save the client and the types in the same folder of your project. They need TypeScript 5 and a
            runtime with <code className="rounded bg-muted px-1 font-mono text-sm">fetch</code> (Node.js 18 or
            later, or a browser).
          </p>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {SDK_FILES.map(({ href, file, icon: Icon, title, description }) => (
              <li key={file}>
                <Card className="flex h-full flex-col">
                  <CardHeader>
                    <div className="flex items-center gap-2">
                      <Icon className="size-5 text-primary" aria-hidden />
                      <CardTitle>{title}</CardTitle>
                    </div>
                    <CardDescription>{description}</CardDescription>
                  </CardHeader>
                  <CardContent className="mt-auto">
                    <Button asChild variant="outline" className="w-full">
                      <a href={href} download={file}>
                        <Download aria-hidden />
                        <span className="font-mono text-[0.8125rem]">{file}</span>
                      </a>
                    </Button>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="sdk-usage" className="grid min-w-0 gap-4">
          <h2 id="sdk-usage" className="text-2xl font-bold tracking-tight">
            Use the client
          </h2>
          <ol className="grid max-w-3xl list-decimal gap-2 pl-5 text-slate-700">
            <li>
              Create an API key in{' '}
              <Link
                to={paths.accountApiKeys}
                className="font-medium text-primary underline underline-offset-4"
              >
                Account → API Keys
              </Link>
              . The secret is shown once: keep it in your secret store, never in source code.
            </li>
            <li>
              Give the key to the client. It exchanges the key at{' '}
              <code className="rounded bg-muted px-1 font-mono text-sm">POST /api/v1/auth/token</code> for a
              bearer token that lives {API_TOKEN_TTL_SECONDS / 60} minutes, and gets a new one shortly before
              it expires.
            </li>
            <li>
              Call the API. Errors throw{' '}
              <code className="rounded bg-muted px-1 font-mono text-sm">RecytradeApiError</code> with the HTTP
              status, the error code and, on 429, the seconds to wait.
            </li>
          </ol>
          <CodeSnippet code={usageExample(origin)} label="Client example" />
        </section>

        <section aria-labelledby="sdk-other-languages" className="grid min-w-0 gap-4">
          <h2 id="sdk-other-languages" className="text-2xl font-bold tracking-tight">
            Another language
          </h2>
          <p className="max-w-3xl text-slate-700">
            The API is described by an OpenAPI 3.1 document at{' '}
            <a
              href={paths.openApiDocument}
              className="font-mono text-sm font-medium break-all text-primary underline underline-offset-4"
            >
              {origin}
              {paths.openApiDocument}
            </a>
            . Any OpenAPI code generator turns it into a client; Postman and Insomnia import it as a
            collection. Authenticate generated clients with the bearer token from{' '}
            <code className="rounded bg-muted px-1 font-mono text-sm">POST /api/v1/auth/token</code>.
          </p>
          <CodeSnippet code={generatorExample(origin)} label="Generator commands" />
        </section>
      </div>
    </>
  );
}
