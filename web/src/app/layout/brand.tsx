import { Link } from 'react-router';
import { useCommunityName } from '../../api/community.ts';
import { Logo } from '../../components/ui/logo.tsx';

export function Brand() {
  return (
    // A long community name, or a points badge that runs longer in another language, shortens the name to one line.
    <Link to="/" className="flex min-w-0 items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-stone-900">
      <Logo className="size-7 shrink-0" />
      <span className="truncate">{useCommunityName()}</span>
    </Link>
  );
}
