import { AddAdminBodySchema, ADMIN_USERS_MESSAGES as M } from '@app/shared/admin/admin-users.schemas';
import { ShieldCheck, Trash2, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ListSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-client';
import { formatShortDate } from '@/lib/format';
import { type AdminRecord, useAddAdmin, useAdmins, useRemoveAdmin } from '../api/admin-users';

const serverMessage = (error: unknown, fallback: string) => {
  const apiError = parseApiError(error);
  return apiError.code === 'UNKNOWN' ? fallback : apiError.message;
};

/** The administrators: add one by the email of an existing account, remove one after confirming. */
export function UsersAdminsPanel() {
  const admins = useAdmins();
  const { user } = useAuth();
  const remove = useRemoveAdmin();
  const [removing, setRemoving] = useState<AdminRecord | null>(null);

  const confirmRemove = async () => {
    if (!removing || remove.isPending) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(M.adminRemoved);
      setRemoving(null);
    } catch (error) {
      toast.error(serverMessage(error, M.removeFailed));
    }
  };

  return (
    <div className="grid gap-6">
      <AddAdminForm />
      <section aria-labelledby="admins-heading" className="grid gap-3">
        <h2 id="admins-heading" className="text-lg font-semibold">
          Administrators
        </h2>
        {admins.isPending ? (
          <ListSkeleton
            label="Loading administrators"
            labelAsText
            rows={3}
            className="grid gap-3"
            itemClassName="h-16 w-full rounded-card"
          />
        ) : admins.isError ? (
          <EmptyState
            title={M.loadAdminsFailed}
            description={serverMessage(admins.error, M.loadAdminsFailed)}
            action={<Button onClick={() => void admins.refetch()}>Try Again</Button>}
          />
        ) : admins.data.length === 0 ? (
          <EmptyState icon={ShieldCheck} title="No administrators" description="Add one by email above." />
        ) : (
          <ul className="grid gap-3">
            {admins.data.map((admin) => (
              <li key={admin.id}>
                <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium break-all">
                      {admin.email}
                      {admin.userId === user?.id ? <Badge variant="info">You</Badge> : null}
                      <Badge variant="secondary">{admin.role}</Badge>
                    </p>
                    <p className="tabular text-[0.8125rem] text-muted-foreground">
                      Admin since {formatShortDate(admin.createdAt)}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    className="text-destructive hover:bg-destructive-soft"
                    onClick={() => setRemoving(admin)}
                    aria-label={`Remove admin ${admin.email}`}
                  >
                    <Trash2 aria-hidden />
                    Remove
                  </Button>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove admin"
        description={
          removing?.userId === user?.id
            ? 'You will lose access to the admin area at once. Are you sure?'
            : `${removing?.email ?? ''} will lose access to the admin area. Are you sure?`
        }
        confirmLabel="Remove Admin"
        busyLabel="Removing..."
        isBusy={remove.isPending}
        onConfirm={() => void confirmRemove()}
      />
    </div>
  );
}

function AddAdminForm() {
  const add = useAddAdmin();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const parsed = AddAdminBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.emailRequired);
      return;
    }
    try {
      await add.mutateAsync(parsed.data.email);
      toast.success(M.adminAdded);
      setEmail('');
    } catch (err) {
      toast.error(serverMessage(err, M.addFailed));
    }
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold">Add admin</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        The person must already have a Recytrade account with this email address.
      </p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-4 flex flex-wrap items-start gap-3"
      >
        <FormField label="Email address" error={error} className="min-w-64 flex-1">
          <Input
            type="email"
            autoComplete="off"
            value={email}
            maxLength={320}
            onChange={(event) => {
              setEmail(event.target.value);
              if (error) setError(undefined);
            }}
          />
        </FormField>
        <Button type="submit" className="sm:mt-7" disabled={add.isPending}>
          <UserPlus aria-hidden />
          {add.isPending ? 'Adding...' : 'Add Admin'}
        </Button>
      </form>
    </Card>
  );
}
