import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { WEB_TEXT } from '../../lib/texts.ts';

export function Brand() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-stone-900">
      <Logo className="size-7" />
      {WEB_TEXT.brand}
    </Link>
  );
}
