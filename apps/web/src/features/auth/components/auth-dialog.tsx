import { PRODUCT_NAME } from '@app/shared/catalog/catalog';
import { PLATFORM_MESSAGES } from '@app/shared/settings/settings.schemas';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { AuthDialogView } from '@/lib/auth-client';
import { usePlatformStatus } from '@/lib/platform-status';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type AuthDialogProps = {
  open: boolean;
  view: AuthDialogView;
  onViewChange: (view: AuthDialogView) => void;
  onOpenChange: (open: boolean) => void;
};

/** "Join Recytrade": Sign In and Sign Up tabs; the Sign In tab also holds the forgot-password form. */
export function AuthDialog({ open, view, onViewChange, onOpenChange }: AuthDialogProps) {
  const tab = view === 'signup' ? 'signup' : 'signin';
  const close = () => onOpenChange(false);
  // Closed by an administrator (System Settings): the notice replaces the form; sign-in still works.
  const registrationsClosed = usePlatformStatus().data?.registrationsOpen === false;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[28rem]">
        <DialogHeader>
          <DialogTitle>Join {PRODUCT_NAME}</DialogTitle>
          <DialogDescription>
            Sign in to trade, or create an account for your company. It takes less than a minute.
          </DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={(v) => onViewChange(v === 'signup' ? 'signup' : 'signin')}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            {view === 'forgot-password' ? (
              <ForgotPasswordForm onBack={() => onViewChange('signin')} />
            ) : (
              <SignInForm onSuccess={close} onForgotPassword={() => onViewChange('forgot-password')} />
            )}
          </TabsContent>
          <TabsContent value="signup">
            {registrationsClosed ? (
              <div className="grid gap-4">
                <Alert variant="warning">
                  <AlertTitle>Registrations closed</AlertTitle>
                  <AlertDescription>{PLATFORM_MESSAGES.registrationsClosed}</AlertDescription>
                </Alert>
                <Button variant="outline" className="w-full" onClick={() => onViewChange('signin')}>
                  I already have an account
                </Button>
              </div>
            ) : (
              <SignUpForm onSuccess={close} />
            )}
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
