import type { Me } from '@app/shared/accounts/accounts.schemas';
import { createContext, useContext } from 'react';

export type AuthUser = NonNullable<Me['user']>;

/** The TanStack Query key of GET /api/me, the one source of the auth state. */
export const ME_QUERY_KEY = ['me'] as const;

/**
 * The auth state of the specification. The session itself is an httpOnly cookie the browser cannot
 * read, so `session` only says whether one exists and for whom.
 */
export type AuthState = {
  user: AuthUser | null;
  session: { userId: string } | null;
  /** True until the first GET /api/me has answered. */
  loading: boolean;
  subscribed: boolean;
  subscriptionTier: string | null;
  subscriptionEnd: string | null;
  isAdmin: boolean;
  /** Re-read /api/me (after a payment, for instance). */
  refresh: () => Promise<void>;
};

export const AuthContext = createContext<AuthState | null>(null);

/** The current auth state; any feature may read it (the provider lives in features/auth). */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

export type AuthDialogView = 'signin' | 'signup' | 'forgot-password';

export type AuthDialogControls = { open: (view?: AuthDialogView) => void; close: () => void };

export const AuthDialogContext = createContext<AuthDialogControls | null>(null);

/** Open the "Join Recytrade" dialog from anywhere: useAuthDialog().open('signin'). */
export function useAuthDialog(): AuthDialogControls {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used inside <AuthProvider>');
  return value;
}
