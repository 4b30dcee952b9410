import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';

export function ItemPage() {
  return <PageHeading>{WEB_TEXT.pages.item}</PageHeading>;
}
