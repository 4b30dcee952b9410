import { LogOut } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { WEB_TEXT } from '../../lib/texts.ts';
import { useLogOut } from './use-log-out.ts';

export function LogOutButton() {
  const { logOut, isPending } = useLogOut();
  return (
    <button
      type="button"
      onClick={() => void logOut()}
      disabled={isPending}
      className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 transition-colors hover:bg-red-50 hover:text-red-700 disabled:opacity-60"
    >
      {isPending ? <Spinner className="size-5" /> : <LogOut aria-hidden="true" className="size-5" />}
      {WEB_TEXT.nav.logOut}
    </button>
  );
}
