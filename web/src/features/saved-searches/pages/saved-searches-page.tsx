import { SAVED_SEARCH_NAME_MAX_LENGTH, TEXT, type SavedSearch } from '@swapyard/contract';
import { Pencil, Search, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { TextDialog } from '../../../components/text-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DialogButton } from '../../../components/ui/dialog-button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteSavedSearch } from '../api/delete-saved-search.ts';
import { useSavedSearches } from '../api/list-saved-searches.ts';
import { useRenameSavedSearch } from '../api/rename-saved-search.ts';
import { SAVED_SEARCHES_TEXT } from '../texts.ts';

const t = SAVED_SEARCHES_TEXT;

export function SavedSearchesPage() {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <PageHeading>{WEB_TEXT.pages.savedSearches}</PageHeading>
        <p className="text-sm text-stone-600">{t.intro}</p>
      </div>
      <SavedSearchList />
    </div>
  );
}

function SavedSearchList() {
  const query = useSavedSearches();
  return (
    <QueryState query={query} loadingLabel={t.loading} failedMessage={t.loadFailed} loadingClassName="py-16">
      {({ savedSearches }) =>
        savedSearches.length === 0 ? (
          <EmptyState
            title={t.emptyTitle}
            body={t.emptyBody}
            action={
              <Link to="/marketplace" className={buttonClassName('secondary')}>
                {WEB_TEXT.nav.marketplace}
              </Link>
            }
          />
        ) : (
          <ul aria-label={WEB_TEXT.pages.savedSearches} className="flex flex-col gap-3">
            {savedSearches.map((search) => (
              <SavedSearchRow key={search.id} search={search} />
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const nameId = useId();
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={nameId} className="font-semibold break-words text-stone-900">
            {search.name}
          </h2>
          <div className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
            {search.newMatches > 0 ? <Badge tone="success">{t.newMatches({ count: search.newMatches })}</Badge> : <span>{t.noNewMatches}</span>}
            {search.place && search.filters.within !== null && <span>{t.near({ place: search.place.name, km: search.filters.within })}</span>}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/saved-searches/${search.id}`} aria-describedby={nameId} className={buttonClassName('primary')}>
            <Search aria-hidden="true" className="size-4" />
            {t.open}
          </Link>
          <RenameButton search={search} />
          <DeleteButton search={search} />
        </div>
      </Card>
    </li>
  );
}

function RenameButton({ search }: { search: SavedSearch }) {
  const rename = useRenameSavedSearch();
  return (
    <DialogButton
      icon={Pencil}
      label={t.rename}
      dialog={(state) => (
        <TextDialog
          {...state}
          title={t.renameTitle}
          description={t.renameBody}
          label={t.name}
          initialText={search.name}
          maxLength={SAVED_SEARCH_NAME_MAX_LENGTH}
          requiredMessage={TEXT.savedSearches.nameRequired}
          confirmLabel={t.save}
          pending={rename.isPending}
          onSubmit={async (name) => {
            try {
              await rename.mutateAsync({ id: search.id, name });
            } catch (failure) {
              toast.error(errorMessage(failure, t.renameFailed));
              return false;
            }
            toast.success(t.renamed);
            return true;
          }}
        />
      )}
    />
  );
}

function DeleteButton({ search }: { search: SavedSearch }) {
  const remove = useDeleteSavedSearch();
  const confirm = async (close: () => void) => {
    try {
      await remove.mutateAsync(search.id);
    } catch (failure) {
      close();
      toast.error(errorMessage(failure, t.deleteFailed));
      return;
    }
    close();
    toast.success(t.deleted);
  };
  return (
    <ConfirmButton icon={Trash2} label={t.delete} title={t.deleteTitle} description={t.deleteBody} pending={remove.isPending} onConfirm={confirm} />
  );
}
