import {
  BookOpen,
  Download,
  Gauge,
  KeyRound,
  type LucideIcon,
  RefreshCw,
  ShieldCheck,
  Webhook,
} from 'lucide-react';
import { PageHeader } from '@/components/page/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { site } from '@/config/site';
import { usePublicPageMeta } from '@/lib/use-document-title';

const ENDPOINTS: { method: 'GET' | 'POST' | 'PUT'; path: string; description: string }[] = [
  {
    method: 'GET',
    path: '/api/v1/listings',
    description: 'Search active listings by material, type, price range and location.',
  },
  { method: 'POST', path: '/api/v1/listings', description: 'Create a buy or sell listing for your company.' },
  {
    method: 'PUT',
    path: '/api/v1/listings/{id}',
    description: 'Update price, quantity or availability of one of your listings.',
  },
  {
    method: 'POST',
    path: '/api/v1/auth/token',
    description: 'Exchange your API key for a short-lived access token.',
  },
  {
    method: 'GET',
    path: '/api/v1/auth/verify',
    description: 'Check that an access token is valid and see whom it belongs to.',
  },
];

const methodVariant = { GET: 'info', POST: 'success', PUT: 'warning' } as const;

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

const exampleRequest = (origin: string) => `curl "${origin}/api/v1/listings?category=metals&type=sell" \\
  -H "Authorization: Bearer <access-token>"`;

export function ApiOverviewPage() {
  usePublicPageMeta('/api');
  return (
    <>
      <PageHeader
        eyebrow="Developers"
        title="Recytrade API"
        description="Connect your inventory, ERP or trading systems to Recytrade and manage listings programmatically."
      >
        <Button disabled aria-describedby="api-status">
          <KeyRound aria-hidden />
          Get API Key
        </Button>
        <Button variant="outline" disabled aria-describedby="api-status">
          <BookOpen aria-hidden />
          View Documentation
        </Button>
        <Button variant="outline" disabled aria-describedby="api-status">
          <Download aria-hidden />
          Download SDK
        </Button>
      </PageHeader>

      <div className="container-page grid grid-cols-1 gap-16 py-12 md:py-16">
        <Alert variant="info" id="api-status">
          <AlertTitle>The public API is being prepared</AlertTitle>
          <AlertDescription>
            API keys, documentation and SDKs are not available yet. The endpoints below show what the first
            version will offer. Want early access? Email{' '}
            <a href={`mailto:${site.supportEmail}`} className="font-medium underline underline-offset-4">
              {site.supportEmail}
            </a>
            .
          </AlertDescription>
        </Alert>

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
                      <Badge variant={methodVariant[endpoint.method]} className="font-mono">
                        {endpoint.method}
                      </Badge>
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

        <section aria-labelledby="auth" className="grid grid-cols-1 gap-8 lg:grid-cols-2">
          <div>
            <h2 id="auth" className="text-2xl font-bold tracking-tight">
              Authorization
            </h2>
            <p className="mt-4 leading-relaxed wrap-anywhere text-slate-700">
              Every request carries a bearer token in the{' '}
              <code className="rounded bg-muted px-1 font-mono text-sm">Authorization</code> header. Exchange
              your API key for a token with{' '}
              <code className="rounded bg-muted px-1 font-mono text-sm">POST /api/v1/auth/token</code>, and
              check a token with{' '}
              <code className="rounded bg-muted px-1 font-mono text-sm">GET /api/v1/auth/verify</code>.
            </p>
            <ul className="mt-4 grid gap-2 text-sm text-slate-700">
              <li className="flex gap-2">
                <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden />
                Keys belong to one user and can be revoked at any time.
              </li>
              <li className="flex gap-2">
                <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden />
                All traffic is served over HTTPS; requests are rate limited per key.
              </li>
            </ul>
          </div>
          <div>
            <h3 className="text-sm font-semibold text-muted-foreground">Example request</h3>
            <pre
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code sample must be reachable by keyboard
              tabIndex={0}
              className="mt-2 overflow-x-auto rounded-card bg-slate-900 p-4 text-[0.8125rem] leading-relaxed text-slate-100"
            >
              <code>{exampleRequest(window.location.origin)}</code>
            </pre>
          </div>
        </section>
      </div>
    </>
  );
}
