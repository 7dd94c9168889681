import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth/api/sign-out';
import { parseApiError } from '@/lib/api-client';

/** Logout from the Account menu or the mobile menu: sign out, then go home. */
export function useLogout() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const logout = async () => {
    try {
      await signOut.mutateAsync();
      navigate(paths.home);
    } catch (error) {
      toast.error('Sign out failed', { description: parseApiError(error).message });
    }
  };
  return { logout, isPending: signOut.isPending };
}
