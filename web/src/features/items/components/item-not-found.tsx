import { TEXT } from '@swapyard/contract';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ITEMS_TEXT } from '../texts.ts';

export function ItemNotFound() {
  return (
    <EmptyState
      titleAs="h1"
      title={TEXT.items.notFoundTitle}
      body={TEXT.items.notFoundBody}
      action={
        <Link to="/marketplace" className={buttonClassName('primary')}>
          {ITEMS_TEXT.detail.backToMarketplace}
        </Link>
      }
    />
  );
}
