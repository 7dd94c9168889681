import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { lazyDialog } from '@/components/ui/lazy-dialog';
import {
  AuthContext,
  AuthDialogContext,
  type AuthDialogControls,
  type AuthDialogView,
  type AuthState,
} from '@/lib/auth-client';
import { onFirstIntent } from '@/lib/idle-prefetch';
import { SIGNED_OUT_ME, useMe } from '../api/get-me';

/** The forms and their validation are fetched when someone first opens the dialog. */
const loadAuthDialog = () => import('./auth-dialog').then((m) => m.AuthDialog);
const AuthDialog = lazyDialog(loadAuthDialog, (props) => props.open);

/**
 * Owns the auth state (GET /api/me through TanStack Query) and the one "Join Recytrade" dialog,
 * which any screen opens with useAuthDialog().open('signin' | 'signup').
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const meQuery = useMe();
  const [dialog, setDialog] = useState<{ open: boolean; view: AuthDialogView }>({
    open: false,
    view: 'signin',
  });

  const me = meQuery.data ?? SIGNED_OUT_ME;
  const { refetch } = meQuery;
  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);

  const auth = useMemo<AuthState>(
    () => ({
      user: me.user,
      session: me.user ? { userId: me.user.id } : null,
      // While the server cannot answer, /api/me keeps retrying: loading lasts (first load) or the user
      // read before stays. Any other failure ends loading, and the app then behaves as signed out.
      loading: meQuery.isPending,
      subscribed: me.user ? me.subscribed : false,
      subscriptionTier: me.user ? me.subscriptionTier : null,
      subscriptionEnd: me.user ? me.subscriptionEnd : null,
      isAdmin: me.user ? me.isAdmin : false,
      refresh,
    }),
    [me, meQuery.isPending, refresh],
  );

  // A visitor is the one who signs in: the dialog's code (its forms validate with zod) is fetched as
  // soon as a visitor reaches for a button, so Login opens it at once; not while the page is idle,
  // where running its modules held up a phone's main thread for a tenth of a second on every visit.
  const signedOut = !meQuery.isPending && !me.user;
  useEffect(() => {
    if (signedOut) return onFirstIntent(() => void loadAuthDialog().catch(() => undefined));
  }, [signedOut]);

  const controls = useMemo<AuthDialogControls>(
    () => ({
      open: (view = 'signin') => setDialog({ open: true, view }),
      close: () => setDialog((d) => ({ ...d, open: false })),
    }),
    [],
  );

  return (
    <AuthContext.Provider value={auth}>
      <AuthDialogContext.Provider value={controls}>
        {children}
        <AuthDialog
          open={dialog.open}
          view={dialog.view}
          onViewChange={(view) => setDialog((d) => ({ ...d, view }))}
          onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        />
      </AuthDialogContext.Provider>
    </AuthContext.Provider>
  );
}
