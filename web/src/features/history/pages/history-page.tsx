import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';

export function HistoryPage() {
  return <PageHeading>{WEB_TEXT.pages.history}</PageHeading>;
}
