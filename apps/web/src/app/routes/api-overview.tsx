import {
  BookOpen,
  Download,
  Gauge,
  KeyRound,
  type LucideIcon,
  RefreshCw,
  ShieldCheck,
  Timer,
  Webhook,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page/page-header';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useApiRateLimit } from '@/features/public-api/api/get-openapi-document';
import { CodeSnippet } from '@/features/public-api/components/code-snippet';
import { MethodBadge } from '@/features/public-api/components/method-badge';
import { useGetApiKey } from '@/features/public-api/hooks/use-get-api-key';
import {
  listingsRequestSnippet,
  rateLimitText,
  tokenLifetimeText,
  tokenRequestSnippet,
} from '@/features/public-api/utils/api-snippets';
import { usePublicPageMeta } from '@/lib/use-document-title';

const ENDPOINTS: { method: 'get' | 'post' | 'put'; path: string; description: string }[] = [
  {
    method: 'get',
    path: '/api/v1/listings',
    description: 'Search active listings by material, type, price range and location.',
  },
  { method: 'post', path: '/api/v1/listings', description: 'Create a buy or sell listing for your company.' },
  {
    method: 'put',
    path: '/api/v1/listings/{id}',
    description: 'Update price, quantity or availability of one of your listings.',
  },
  {
    method: 'get',
    path: '/api/v1/companies/{id}/reputation',
    description: "Read a company's rating, completed deals, tonnes traded and verification level.",
  },
  {
    method: 'get',
    path: '/api/v1/companies/{id}/reviews',
    description: "List a company's published reviews, newest first, with their replies.",
  },
  {
    method: 'post',
    path: '/api/v1/auth/token',
    description: 'Exchange your API key for a short-lived access token.',
  },
  {
    method: 'get',
    path: '/api/v1/auth/verify',
    description: 'Check that an access token is valid and see whom it belongs to.',
  },
];

const USE_CASES: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: RefreshCw,
    title: 'Sync your inventory',
    body: 'Publish lots from your ERP or yard system and keep quantities and prices current automatically.',
  },
  {
    icon: Gauge,
    title: 'Feed your pricing',
    body: 'Pull live listings into your own dashboards and pricing models.',
  },
  {
    icon: Webhook,
    title: 'Automate workflows',
    body: 'Connect listings to the tools your trading desk already uses.',
  },
];

const inlineCode = 'rounded bg-muted px-1 font-mono text-sm';
const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

/** Getting started: create a key, exchange it for a token, call the API. */
function GettingStartedStep({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3">
      <span
        aria-hidden
        className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
      >
        {step}
      </span>
      <h3 className="font-semibold">
        <span className="sr-only">Step {step}: </span>
        {title}
      </h3>
      {/* On a phone the text and code use the full width instead of staying indented. */}
      <div className="col-span-2 grid min-w-0 gap-3 sm:col-span-1 sm:col-start-2">{children}</div>
    </li>
  );
}

export function ApiOverviewPage() {
  usePublicPageMeta('/api');
  const getApiKey = useGetApiKey();
  const rateLimit = useApiRateLimit();
  const origin = window.location.origin;
  return (
    <>
      <PageHeader
        eyebrow="Developers"
        title="Recytrade API"
        description="Connect your inventory, ERP or trading systems to Recytrade and manage listings programmatically."
      >
        <Button onClick={getApiKey}>
          <KeyRound aria-hidden />
          Get API Key
        </Button>
        <Button variant="outline" asChild>
          <Link to={paths.apiDocs}>
            <BookOpen aria-hidden />
            View Documentation
          </Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to={paths.apiSdk}>
            <Download aria-hidden />
            Download SDK
          </Link>
        </Button>
      </PageHeader>

      <div className="container-page grid grid-cols-1 gap-16 py-12 md:py-16">
        <section aria-labelledby="use-cases">
          <h2 id="use-cases" className="text-2xl font-bold tracking-tight">
            What you can build
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-3">
            {USE_CASES.map(({ icon: Icon, title, body }) => (
              <div key={title} className="flex gap-4">
                <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                  <Icon className="size-5" aria-hidden />
                </div>
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{body}</p>
                </div>
              </div>
            ))}
          </div>
        </section>

        <section aria-labelledby="getting-started" className="min-w-0">
          <h2 id="getting-started" className="text-2xl font-bold tracking-tight">
            Getting started
          </h2>
          <ol className="mt-6 grid max-w-4xl gap-8">
            <GettingStartedStep step={1} title="Create an API key">
              <p className="leading-relaxed text-slate-700">
                In{' '}
                <Link to={paths.accountApiKeys} className={linkClass}>
                  Account Settings, API Keys
                </Link>
                , create a key and copy it. It is shown once; keep it secret like a password.
              </p>
            </GettingStartedStep>
            <GettingStartedStep step={2} title="Exchange it for an access token">
              <p className="leading-relaxed text-slate-700">
                The answer holds an <code className={inlineCode}>accessToken</code> that is valid for{' '}
                {tokenLifetimeText()}. Request a new one when it expires.
              </p>
              <CodeSnippet code={tokenRequestSnippet(origin)} label="Token request" />
            </GettingStartedStep>
            <GettingStartedStep step={3} title="Call the API">
              <p className="leading-relaxed text-slate-700">
                Send the token as a bearer token. This request finds metal lots for sale; pass the answer's{' '}
                <code className={inlineCode}>nextCursor</code> back as{' '}
                <code className={inlineCode}>cursor</code> for the next page.
              </p>
              <CodeSnippet code={listingsRequestSnippet(origin)} label="Listing search request" />
            </GettingStartedStep>
          </ol>
        </section>

        <section aria-labelledby="endpoints">
          <h2 id="endpoints" className="text-2xl font-bold tracking-tight">
            Endpoints (v1)
          </h2>
          <div className="mt-6">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead className="w-24">Method</TableHead>
                  <TableHead>Endpoint</TableHead>
                  <TableHead>Description</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {ENDPOINTS.map((endpoint) => (
                  <TableRow key={`${endpoint.method} ${endpoint.path}`}>
                    <TableCell>
                      <MethodBadge method={endpoint.method} />
                    </TableCell>
                    <TableCell className="font-mono text-[0.8125rem] whitespace-nowrap">
                      {endpoint.path}
                    </TableCell>
                    <TableCell className="min-w-64 text-muted-foreground">{endpoint.description}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </section>

        <div className="grid grid-cols-1 gap-12 lg:grid-cols-2">
          <section aria-labelledby="auth">
            <h2 id="auth" className="text-2xl font-bold tracking-tight">
              Authorization
            </h2>
            <p className="mt-4 leading-relaxed wrap-anywhere text-slate-700">
              Every request carries a bearer token in the <code className={inlineCode}>Authorization</code>{' '}
              header. Exchange your API key for a token with{' '}
              <code className={inlineCode}>POST /api/v1/auth/token</code>, and check a token with{' '}
              <code className={inlineCode}>GET /api/v1/auth/verify</code>.
            </p>
            <ul className="mt-4 grid gap-2 text-sm text-slate-700">
              <li className="flex gap-2">
                <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden />
                Keys belong to one user and can be revoked at any time; a revoked key and its tokens stop
                working at once.
              </li>
              <li className="flex gap-2">
                <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden />
                Access tokens expire after {tokenLifetimeText()}. All traffic is served over HTTPS.
              </li>
            </ul>
          </section>
          <section aria-labelledby="rate-limits">
            <h2 id="rate-limits" className="text-2xl font-bold tracking-tight">
              Rate limits
            </h2>
            <p className="mt-4 leading-relaxed text-slate-700">
              Each API key may make {rateLimitText(rateLimit)}. Every response carries{' '}
              <code className={inlineCode}>RateLimit-Limit</code>,{' '}
              <code className={inlineCode}>RateLimit-Remaining</code> and{' '}
              <code className={inlineCode}>RateLimit-Reset</code> headers, so a client can pace itself.
            </p>
            <ul className="mt-4 grid gap-2 text-sm text-slate-700">
              <li className="flex gap-2">
                <Timer className="size-4 shrink-0 text-primary" aria-hidden />
                <span>
                  Over the limit the API answers <code className={inlineCode}>429 Too Many Requests</code>{' '}
                  with a <code className={inlineCode}>Retry-After</code> header: wait that many seconds, then
                  retry.
                </span>
              </li>
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
