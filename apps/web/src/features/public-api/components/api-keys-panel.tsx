import { API_KEY_LIMITS } from '@app/shared/public-api/public-api.schemas';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useApiKeys } from '../api/get-api-keys';
import { useApiRateLimit } from '../api/get-openapi-document';
import { rateLimitText, tokenLifetimeText } from '../utils/api-snippets';
import { ApiKeyList } from './api-key-list';
import { CreateApiKeyDialog } from './create-api-key-dialog';

const linkClass = 'font-medium text-primary underline underline-offset-4 hover:no-underline';

/** The API Keys tab of /account: what keys are for, the list, and the create dialog. */
export function ApiKeysPanel() {
  const apiKeys = useApiKeys();
  const rateLimit = useApiRateLimit();
  const [creating, setCreating] = useState(false);
  const activeCount = apiKeys.data?.items.filter((key) => key.revokedAt === null).length ?? 0;
  const atLimit = activeCount >= API_KEY_LIMITS.maxActiveKeysPerUser;

  const createButton = (
    <Button onClick={() => setCreating(true)} disabled={atLimit}>
      <Plus aria-hidden />
      Create API key
    </Button>
  );

  return (
    <Card>
      <CardHeader className="gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
        <div className="grid gap-1.5">
          <CardTitle as="h2">API Keys</CardTitle>
          <CardDescription className="leading-relaxed">
            Keys let your own systems (an ERP, a yard system, a script) use the{' '}
            <Link to={paths.api} className={linkClass}>
              Recytrade API
            </Link>{' '}
            on your behalf. Exchange a key for an access token that lasts {tokenLifetimeText()}; each key may
            make {rateLimitText(rateLimit)}. The{' '}
            <Link to={paths.apiDocs} className={linkClass}>
              API documentation
            </Link>{' '}
            lists every endpoint.
          </CardDescription>
        </div>
        {apiKeys.data && apiKeys.data.items.length > 0 ? (
          <div className="grid justify-items-start gap-1 sm:justify-items-end">
            {createButton}
            <p className="text-[0.8125rem] text-muted-foreground tabular">
              {atLimit
                ? 'Limit reached: revoke a key to create another.'
                : `${activeCount} of ${API_KEY_LIMITS.maxActiveKeysPerUser} active keys`}
            </p>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        {apiKeys.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <span className="sr-only">Loading your API keys</span>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : apiKeys.isError ? (
          <EmptyState
            headingLevel={3}
            title="Your API keys could not be loaded"
            description="Check your connection and try again."
            action={
              <Button onClick={() => void apiKeys.refetch()} disabled={apiKeys.isFetching}>
                {apiKeys.isFetching ? 'Trying again...' : 'Try Again'}
              </Button>
            }
          />
        ) : apiKeys.data.items.length === 0 ? (
          <EmptyState
            icon={KeyRound}
            headingLevel={3}
            title="No API keys yet"
            description="Create a key to connect your inventory or trading systems to Recytrade."
            action={createButton}
          />
        ) : (
          <ApiKeyList apiKeys={apiKeys.data.items} />
        )}
      </CardContent>
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
    </Card>
  );
}
