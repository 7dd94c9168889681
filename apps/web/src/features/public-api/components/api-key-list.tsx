import { API_MESSAGES } from '@app/shared/public-api/public-api.schemas';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ResponsiveTable, TableActionsHead, TableCell, TableHead, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { formatShortDate } from '@/lib/format';
import type { ApiKey } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { ApiKeyPrefix, ApiKeyStatus, isActive, lastUsed } from './api-key-parts';

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (apiKey: ApiKey) => void }) {
  if (!isActive(apiKey)) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      className="text-destructive hover:text-destructive"
      aria-label={`Revoke ${apiKey.name}`}
      onClick={() => onRevoke(apiKey)}
    >
      <Ban aria-hidden />
      Revoke
    </Button>
  );
}

/**
 * The user's keys: a table from the small breakpoint up, one card per key on a phone. Revoking asks
 * first, since every system using the key stops working at once.
 */
export function ApiKeyList({ apiKeys }: { apiKeys: ApiKey[] }) {
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = async () => {
    if (!revoking || revoke.isPending) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(API_MESSAGES.keyRevoked, {
        description: `${revoking.name} and the access tokens issued for it no longer work.`,
      });
      setRevoking(null);
    } catch (error) {
      toast.error('Could not revoke the API key', { description: parseApiError(error).message });
    }
  };

  return (
    <>
      <ResponsiveTable
        items={apiKeys}
        rowKey={(apiKey) => apiKey.id}
        switchAt="sm"
        listLabel="API keys"
        listClassName="gap-3"
        cardClassName="grid gap-3 rounded-card border p-4"
        head={
          <>
            <TableHead>Name and key</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Last used</TableHead>
            <TableHead>Status</TableHead>
            <TableActionsHead />
          </>
        }
        row={(apiKey) => (
          <TableRow>
            <TableCell className="min-w-40">
              <div className="grid justify-items-start gap-1">
                <span className="font-medium wrap-anywhere">{apiKey.name}</span>
                <ApiKeyPrefix apiKey={apiKey} />
              </div>
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {formatShortDate(apiKey.createdAt)}
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">{lastUsed(apiKey)}</TableCell>
            <TableCell>
              <ApiKeyStatus apiKey={apiKey} />
            </TableCell>
            <TableCell className="text-right">
              <RevokeButton apiKey={apiKey} onRevoke={setRevoking} />
            </TableCell>
          </TableRow>
        )}
        card={(apiKey) => (
          <>
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium wrap-anywhere">{apiKey.name}</p>
              <ApiKeyStatus apiKey={apiKey} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">Key</dt>
              <dd>
                <ApiKeyPrefix apiKey={apiKey} />
              </dd>
              <dt className="text-muted-foreground">Created</dt>
              <dd>{formatShortDate(apiKey.createdAt)}</dd>
              <dt className="text-muted-foreground">Last used</dt>
              <dd>{lastUsed(apiKey)}</dd>
            </dl>
            {isActive(apiKey) ? (
              <div>
                <RevokeButton apiKey={apiKey} onRevoke={setRevoking} />
              </div>
            ) : null}
          </>
        )}
      />

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke API key?"
        description={
          revoking ? (
            <>
              Systems using <span className="font-medium text-foreground">{revoking.name}</span> (
              <code className="font-mono">{revoking.prefix}…</code>) stop working at once, including the
              access tokens issued for it. This cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Revoke Key"
        busyLabel="Revoking..."
        isBusy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
      />
    </>
  );
}
