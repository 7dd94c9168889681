import {
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  ResetPasswordBodySchema,
} from '@app/shared/accounts/accounts.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';

// The server's rule for the new password, plus the confirmation entry that only the form has.
const ResetPasswordFormSchema = z
  .object({ newPassword: ResetPasswordBodySchema.shape.newPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });
type ResetPasswordFormValues = z.infer<typeof ResetPasswordFormSchema>;

/** Choose a new password with the token from the reset email. */
export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const reset = useResetPassword();
  const form = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await reset.mutateAsync({ token, newPassword });
      toast.success('Password updated successfully');
      onSuccess();
    } catch (error) {
      toast.error('Failed to update password', { description: parseApiError(error).message });
    }
  });

  const busy = form.formState.isSubmitting || reset.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField label="New Password" error={errors.newPassword?.message} hint="At least 6 characters.">
        <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <FormField label="Confirm New Password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}
