import { type UpdateProfileBody, UpdateProfileBodySchema } from '@app/shared/accounts/accounts.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import type { AuthUser } from '@/lib/auth-client';
import { useUpdateProfile } from '../api/update-profile';

type ProfileFormProps = {
  user: AuthUser;
  /** The note under the read-only email; /account and /profile word it differently. */
  emailNote: string;
};

/** Read-only email and the editable full name. */
export function ProfileForm({ user, emailNote }: ProfileFormProps) {
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileBody>({
    resolver: zodResolver(UpdateProfileBodySchema),
    values: { fullName: user.fullName },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success('Profile updated successfully');
    } catch (error) {
      toast.error('Failed to update profile', { description: parseApiError(error).message });
    }
  });

  const busy = form.formState.isSubmitting || update.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-5">
      <FormField label="Email" hint={emailNote}>
        <Input type="email" value={user.email} readOnly />
      </FormField>
      <FormField label="Full Name" error={form.formState.errors.fullName?.message}>
        <Input autoComplete="name" {...form.register('fullName')} />
      </FormField>
      <div>
        <Button type="submit" disabled={busy || !form.formState.isDirty}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
