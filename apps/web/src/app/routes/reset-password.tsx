import { KeyRound } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /reset-password?token=...: the link of the password reset email. */
export function ResetPasswordPage() {
  useDocumentTitle('Reset Password', 'Choose a new password for your Recytrade account.');
  const [params] = useSearchParams();
  const token = params.get('token');
  const dialog = useAuthDialog();
  const { user } = useAuth();
  const navigate = useNavigate();

  return (
    <div className="container-page py-16 md:py-24">
      <Card className="mx-auto max-w-md p-6 sm:p-8">
        <div className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <KeyRound className="size-6" aria-hidden />
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight">Choose a new password</h1>
        {token ? (
          <>
            <p className="mt-2 mb-6 text-muted-foreground">
              Enter your new password twice. You will use it the next time you sign in.
            </p>
            <ResetPasswordForm
              token={token}
              onSuccess={() => {
                navigate(paths.home, { replace: true });
                // Visitors continue straight to signing in with the new password.
                if (!user) dialog.open('signin');
              }}
            />
          </>
        ) : (
          <div className="mt-6 grid gap-4">
            <Alert variant="destructive">
              <AlertTitle>This reset link is incomplete</AlertTitle>
              <AlertDescription>
                The link has no reset code. Open the link from your most recent password reset email, or
                request a new one below.
              </AlertDescription>
            </Alert>
            <Button onClick={() => dialog.open('forgot-password')}>Request a new link</Button>
          </div>
        )}
      </Card>
    </div>
  );
}
