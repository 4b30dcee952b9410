import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { firstName, useCurrentUser } from '../../../lib/current-user.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';

export function DashboardPage() {
  const user = useCurrentUser();
  return <PageHeading>{WEB_TEXT.pages.welcome(firstName(user))}</PageHeading>;
}
