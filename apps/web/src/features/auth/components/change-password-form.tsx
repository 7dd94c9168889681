import {
  ChangePasswordFormSchema,
  type ChangePasswordForm as ChangePasswordValues,
} from '@app/shared/accounts/accounts.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const [currentPassword, newPassword, confirmPassword] = useWatch({
    control: form.control,
    name: ['currentPassword', 'newPassword', 'confirmPassword'],
  });
  const incomplete = !currentPassword || !newPassword || !confirmPassword;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      toast.success('Password updated successfully');
      form.reset(EMPTY);
    } catch (error) {
      toast.error('Failed to update password', { description: parseApiError(error).message });
    }
  });

  const busy = form.formState.isSubmitting || change.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-xl gap-5">
      <FormField label="Current Password" error={errors.currentPassword?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField label="New Password" error={errors.newPassword?.message} hint="At least 6 characters.">
        <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <FormField label="Confirm New Password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <div>
        <Button type="submit" disabled={busy || incomplete}>
          {busy ? 'Updating...' : 'Update Password'}
        </Button>
      </div>
    </form>
  );
}
