import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { WEB_TEXT } from '../../lib/texts.ts';

export function NotFoundPage() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-6xl font-bold text-emerald-600">404</p>
      <PageHeading>{WEB_TEXT.notFound.heading}</PageHeading>
      <p className="max-w-md text-stone-600">{WEB_TEXT.notFound.body}</p>
      <Link to="/" className={buttonClassName('primary')}>
        {WEB_TEXT.notFound.backHome}
      </Link>
    </div>
  );
}
