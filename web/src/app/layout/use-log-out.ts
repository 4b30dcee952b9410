import { TEXT } from '@swapyard/contract';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { useLogout } from '../../features/auth/api/logout.ts';

export function useLogOut() {
  const navigate = useNavigate();
  const logoutMutation = useLogout();

  // mutateAsync, not mutate callbacks: the shell unmounts as soon as the session is cleared.
  const logOut = async () => {
    try {
      await logoutMutation.mutateAsync();
    } catch {
      toast.error(TEXT.account.logoutFailed);
      return;
    }
    toast.success(TEXT.account.loggedOut);
    await navigate('/login', { replace: true });
  };

  return { logOut, isPending: logoutMutation.isPending };
}
