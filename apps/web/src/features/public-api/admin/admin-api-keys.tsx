import { API_MESSAGES } from '@app/shared/public-api/public-api.schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { ListSkeleton } from '@/components/ui/skeleton';
import {
  ResponsiveTable,
  TableActionsHead,
  TableCardField,
  TableCell,
  TableHead,
  TableRow,
} from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { type AdminApiKey, useAdminApiKeys, useAdminRevokeApiKey } from '../api/admin-api-keys';
import { ApiKeyPrefix, ApiKeyStatus, lastUsed } from '../components/api-key-parts';

/** /admin/security's API keys: every user's keys with their owners, and revocation by an administrator. */
export function AdminApiKeys() {
  const [page, setPage] = useState(1);
  const keys = useAdminApiKeys(page);
  const revoke = useAdminRevokeApiKey();
  const [revoking, setRevoking] = useState<AdminApiKey | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(API_MESSAGES.keyRevoked, {
        description: `${revoking.name} of ${revoking.owner.email} no longer works.`,
      });
      setRevoking(null);
    } catch (error) {
      toast.error(parseApiError(error).message || 'Failed to revoke the key');
    }
  };

  if (keys.isError)
    return (
      <EmptyState
        headingLevel={3}
        title={parseApiError(keys.error).message || 'Failed to load API keys'}
        action={<Button onClick={() => void keys.refetch()}>Try Again</Button>}
      />
    );
  if (!keys.data) return <ListSkeleton rows={3} />;
  const { items, activeCount, total, pageSize } = keys.data;
  if (items.length === 0)
    return (
      <EmptyState headingLevel={3} title="No API keys" description="No user has created an API key yet." />
    );
  const status = (k: AdminApiKey) => <ApiKeyStatus apiKey={k} />;
  const revokeButton = (k: AdminApiKey) =>
    k.revokedAt ? null : (
      <Button
        size="sm"
        variant="outline"
        aria-label={`Revoke ${k.name} of ${k.owner.email}`}
        onClick={() => setRevoking(k)}
      >
        Revoke
      </Button>
    );
  return (
    <>
      <p className="mb-4 text-sm text-muted-foreground">
        {activeCount} active of {total} {total === 1 ? 'key' : 'keys'}
      </p>
      <ResponsiveTable
        switchAt="md"
        compactCards
        items={items}
        rowKey={(k) => k.id}
        head={
          <>
            <TableHead>Owner</TableHead>
            <TableHead>Key</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Last used</TableHead>
            <TableHead>Status</TableHead>
            <TableActionsHead />
          </>
        }
        row={(k) => (
          <TableRow>
            <TableCell className="max-w-64">
              <div className="break-all font-medium">{k.owner.email}</div>
              <div className="text-muted-foreground">{k.owner.company ?? k.owner.name}</div>
            </TableCell>
            <TableCell>
              <div className="font-medium wrap-anywhere">{k.name}</div>
              <ApiKeyPrefix apiKey={k} />
            </TableCell>
            <TableCell>
              <DateTime iso={k.createdAt} />
            </TableCell>
            <TableCell>{lastUsed(k)}</TableCell>
            <TableCell>{status(k)}</TableCell>
            <TableCell className="text-right">{revokeButton(k)}</TableCell>
          </TableRow>
        )}
        card={(k) => (
          <>
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium wrap-anywhere">{k.name}</span>
              {status(k)}
            </div>
            <TableCardField label="Owner">{k.owner.email}</TableCardField>
            <TableCardField label="Key">
              <ApiKeyPrefix apiKey={k} />
            </TableCardField>
            <TableCardField label="Created">
              <DateTime iso={k.createdAt} />
            </TableCardField>
            <TableCardField label="Last used">{lastUsed(k)}</TableCardField>
            {k.revokedAt ? null : <div className="pt-2">{revokeButton(k)}</div>}
          </>
        )}
      />
      <Pagination
        className="mt-4"
        label="API key pages"
        page={page}
        pageCount={Math.ceil(total / pageSize)}
        onPageChange={setPage}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke this API key?"
        description={
          revoking
            ? `${revoking.name} (${revoking.prefix}…) of ${revoking.owner.email} and every token issued for it stop working at once. The owner can create a new key.`
            : ''
        }
        confirmLabel="Revoke Key"
        busyLabel="Revoking..."
        isBusy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
      />
    </>
  );
}
