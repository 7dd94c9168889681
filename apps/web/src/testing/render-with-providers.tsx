import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import {
  AuthContext,
  AuthDialogContext,
  type AuthDialogControls,
  type AuthState,
  type AuthUser,
} from '@/lib/auth-client';
import { type FeatureSlots, FeatureSlotsProvider } from '@/lib/feature-slots';

export const TRADER: AuthUser = {
  id: 'user-1',
  email: 'buyer@example.com',
  fullName: 'Bea Buyer',
  company: 'Buyer Metals',
  sector: null,
  emailVerified: true,
  createdAt: '2026-01-05T10:00:00.000Z',
};

type Options = {
  /** The signed-in user (a free trader by default); `null` for a visitor. */
  user?: AuthUser | null;
  auth?: Partial<AuthState>;
  /** Stand-ins for the other features' dialogs (lib/feature-slots.tsx). */
  slots?: Partial<FeatureSlots>;
  /** The route the memory router starts at. */
  route?: string;
};

const noSlot = () => null;

/**
 * Renders a component as the app does (queries, tooltips, toasts, router, auth state, feature slots)
 * and returns Testing Library's queries, a `user` for events and the auth dialog spy.
 */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const user = options.user === undefined ? TRADER : options.user;
  const auth: AuthState = {
    user,
    session: user ? { userId: user.id } : null,
    loading: false,
    subscribed: false,
    subscriptionTier: null,
    subscriptionEnd: null,
    isAdmin: false,
    refresh: async () => {},
    ...options.auth,
  };
  const authDialog: AuthDialogControls = { open: vi.fn(), close: vi.fn() };
  const slots: FeatureSlots = {
    StartConversationDialog: noSlot,
    ProposeDealDialog: noSlot,
    DealReviewPanel: noSlot,
    ...options.slots,
  };
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <TooltipProvider delayDuration={0}>
          <AuthContext.Provider value={auth}>
            <AuthDialogContext.Provider value={authDialog}>
              <FeatureSlotsProvider slots={slots}>{children}</FeatureSlotsProvider>
            </AuthDialogContext.Provider>
          </AuthContext.Provider>
          <Toaster />
        </TooltipProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper }), user: userEvent.setup(), authDialog, queryClient };
}
