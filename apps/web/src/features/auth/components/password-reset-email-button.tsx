import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** Sends the signed-in user a reset link (for when they no longer know the current password). */
export function PasswordResetEmailButton({ email }: { email: string }) {
  const request = useRequestPasswordReset();
  const send = async () => {
    try {
      await request.mutateAsync({ email });
      toast.success('Password Reset Sent', {
        description: 'Check your email for password reset instructions',
      });
    } catch (error) {
      toast.error('Failed to send password reset email', { description: parseApiError(error).message });
    }
  };
  return (
    <Button variant="outline" onClick={send} disabled={request.isPending}>
      <Mail aria-hidden />
      {request.isPending ? 'Sending...' : 'Send Password Reset Email'}
    </Button>
  );
}
