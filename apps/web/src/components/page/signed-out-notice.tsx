import { Lock, LogIn } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useAuthDialog } from '@/lib/auth-client';

/**
 * A signed-in page (settings, dashboard) for visitors: the spec's sentence and a button that opens the sign-in dialog. It reads
 * "Sign In" so it never duplicates the header's "Login" button.
 */
export function SignedOutNotice({ title, message }: { title: string; message: string }) {
  const dialog = useAuthDialog();
  return (
    <div className="container-page py-16">
      <EmptyState
        icon={Lock}
        headingLevel={1}
        title={title}
        description={message}
        action={
          <Button onClick={() => dialog.open('signin')}>
            <LogIn aria-hidden />
            Sign In
          </Button>
        }
      />
    </div>
  );
}
