import { Link } from 'react-router';
import { useCommunityName } from '../../api/community.ts';
import { Logo } from '../../components/ui/logo.tsx';

export function Brand() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-stone-900">
      <Logo className="size-7" />
      {useCommunityName()}
    </Link>
  );
}
