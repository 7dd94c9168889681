import { CheckCircle2, Home, LogIn, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { ApiRequestError } from '@/lib/api-client';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { useDocumentTitle } from '@/lib/use-document-title';

const REDIRECT_MS = 2000;
const REDIRECT_SIGNED_IN_MS = 1000;

type Outcome = { status: 'loading' } | { status: 'success' } | { status: 'error'; message: string };

/** /auth/confirm?token=...: the link of the confirmation email. */
export function AuthConfirmPage() {
  useDocumentTitle('Email Confirmation', 'Confirm your email address to start trading on Recytrade.');
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user, loading } = useAuth();
  const dialog = useAuthDialog();
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const [outcome, setOutcome] = useState<Outcome>({ status: 'loading' });
  const started = useRef(false);
  const signedIn = Boolean(user);

  useEffect(() => {
    // The token is single-use: verify exactly once, even when React runs effects twice in development.
    if (loading || started.current) return;
    started.current = true;
    if (!token) {
      setOutcome(
        signedIn
          ? { status: 'success' }
          : { status: 'error', message: 'Invalid confirmation link. Please try signing up again.' },
      );
      return;
    }
    verify.mutate(token, {
      onSuccess: () => {
        toast.success('Email Confirmed!');
        setOutcome({ status: 'success' });
      },
      onError: (error) =>
        setOutcome({
          status: 'error',
          message:
            error instanceof ApiRequestError
              ? `Confirmation failed: ${error.message}`
              : 'An unexpected error occurred. Please try again.',
        }),
    });
  }, [loading, token, signedIn, verify]);

  useEffect(() => {
    if (outcome.status !== 'success') return;
    const timer = setTimeout(
      () => navigate(paths.home, { replace: true }),
      signedIn ? REDIRECT_SIGNED_IN_MS : REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [outcome.status, signedIn, navigate]);

  return (
    <div className="container-page py-16 md:py-24">
      <Card className="mx-auto max-w-lg p-8 text-center">
        {outcome.status === 'loading' ? (
          <div aria-busy="true">
            <div className="flex justify-center">
              <Spinner className="size-8 text-primary" label="Confirming your email" />
            </div>
            <h1 className="mt-6 text-2xl font-bold tracking-tight">Confirming your email…</h1>
            <Skeleton className="mx-auto mt-4 h-4 w-64" />
          </div>
        ) : outcome.status === 'success' ? (
          <div>
            <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden />
            <h1 className="mt-6 text-2xl font-bold tracking-tight">Email confirmed</h1>
            <p role="status" className="mt-3 text-muted-foreground">
              {token ? 'Your email has been confirmed successfully!' : null}
              {token && signedIn ? ' ' : null}
              {signedIn ? 'You are already logged in!' : null}
            </p>
            <p className="mt-2 text-sm text-muted-foreground">Taking you to the home page…</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              {signedIn ? null : (
                <Button onClick={() => dialog.open('signin')}>
                  <LogIn aria-hidden />
                  Sign In
                </Button>
              )}
              <Button asChild variant="outline">
                <Link to={paths.home}>
                  <Home aria-hidden />
                  Go to Home
                </Link>
              </Button>
            </div>
          </div>
        ) : (
          <div>
            <XCircle className="mx-auto size-12 text-destructive" aria-hidden />
            <h1 className="mt-6 text-2xl font-bold tracking-tight">We couldn't confirm your email</h1>
            <p role="alert" className="mt-3 text-destructive">
              {outcome.message}
            </p>
            <p className="mt-2 text-sm text-muted-foreground">
              Confirmation links can be used once and expire after a while. Try signing in: if your address
              still needs confirming, you can ask for a new link there.
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Button onClick={() => dialog.open('signin')}>
                <LogIn aria-hidden />
                Sign In
              </Button>
              <Button variant="outline" onClick={() => dialog.open('signup')}>
                Sign Up
              </Button>
            </div>
          </div>
        )}
      </Card>
    </div>
  );
}
