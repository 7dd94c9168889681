import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth, useAuthDialog } from '@/lib/auth-client';

/**
 * "Get API Key": a signed-in user goes to the API Keys tab; a visitor gets the sign-in dialog and,
 * once signed in (or signed up) from it, continues to the tab.
 */
export function useGetApiKey() {
  const { user } = useAuth();
  const dialog = useAuthDialog();
  const navigate = useNavigate();
  const [waitingForSignIn, setWaitingForSignIn] = useState(false);

  useEffect(() => {
    if (waitingForSignIn && user) {
      setWaitingForSignIn(false);
      void navigate(paths.accountApiKeys);
    }
  }, [waitingForSignIn, user, navigate]);

  return () => {
    if (user) {
      void navigate(paths.accountApiKeys);
      return;
    }
    setWaitingForSignIn(true);
    dialog.open('signin');
  };
}
