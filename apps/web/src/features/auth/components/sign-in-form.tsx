import { type SignInBody, SignInBodySchema } from '@app/shared/accounts/accounts.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useResendVerification } from '../api/resend-verification';
import { useSignIn } from '../api/sign-in';

type SignInFormProps = { onSuccess: () => void; onForgotPassword: () => void };

export function SignInForm({ onSuccess, onForgotPassword }: SignInFormProps) {
  const signIn = useSignIn();
  const resend = useResendVerification();
  // Set when the server refuses an unconfirmed address: the message plus a way to get a new link.
  const [unverified, setUnverified] = useState<{ email: string; message: string } | null>(null);
  const form = useForm<SignInBody>({
    resolver: zodResolver(SignInBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverified(null);
    try {
      const { firstSignIn } = await signIn.mutateAsync(values);
      toast.success(firstSignIn ? 'Welcome!' : 'Welcome back!', {
        description: 'You have successfully signed in.',
      });
      form.reset();
      onSuccess();
    } catch (error) {
      const { code, message } = parseApiError(error);
      if (code === 'EMAIL_NOT_VERIFIED') {
        setUnverified({ email: values.email, message });
        return;
      }
      toast.error('Sign in failed', { description: message });
    }
  });

  const resendConfirmation = async () => {
    if (!unverified) return;
    try {
      await resend.mutateAsync({ email: unverified.email });
      toast.success('Email Sent', { description: `Confirmation email resent to ${unverified.email}` });
    } catch (error) {
      toast.error('Failed to resend email', { description: parseApiError(error).message });
    }
  };

  const busy = form.formState.isSubmitting || signIn.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {unverified ? (
        <Alert variant="warning" role="alert">
          <AlertTitle>Email not confirmed</AlertTitle>
          <AlertDescription>{unverified.message}</AlertDescription>
          <div className="pt-1">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={resendConfirmation}
              disabled={resend.isPending}
            >
              {resend.isPending ? 'Sending...' : 'Resend confirmation email'}
            </Button>
          </div>
        </Alert>
      ) : null}
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <div className="-mt-1 flex justify-end">
        <Button type="button" variant="link" size="sm" onClick={onForgotPassword}>
          Forgot password?
        </Button>
      </div>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
