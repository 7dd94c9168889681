import { type EmailOnlyBody, EmailOnlyBodySchema } from '@app/shared/accounts/accounts.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const request = useRequestPasswordReset();
  const form = useForm<EmailOnlyBody>({
    resolver: zodResolver(EmailOnlyBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
      toast.success('Password Reset Sent', {
        description: 'Check your email for password reset instructions',
      });
      form.reset();
      onBack();
    } catch (error) {
      toast.error('Failed to send password reset email', { description: parseApiError(error).message });
    }
  });

  const busy = form.formState.isSubmitting || request.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <h3 className="text-base font-semibold">Reset your password</h3>
        <p className="text-sm text-muted-foreground">
          Enter the email address of your account and we will send you a link to choose a new password.
        </p>
      </div>
      <FormField label="Email" error={form.formState.errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Sending...' : 'Send reset link'}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack} className="w-full">
        <ArrowLeft aria-hidden />
        Back to sign in
      </Button>
    </form>
  );
}
