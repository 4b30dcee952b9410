import { SAVED_SEARCH_NAME_MAX_LENGTH, TEXT, type SavedSearchFilters } from '@swapyard/contract';
import { BellPlus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { TextDialog } from '../../../components/text-dialog.tsx';
import { DialogButton } from '../../../components/ui/dialog-button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateSavedSearch } from '../api/create-saved-search.ts';
import { readFilters } from '../read-filters.ts';
import { ITEMS_TEXT } from '../texts.ts';

const t = ITEMS_TEXT.saveSearch;

/** The marketplace's filters in the address that a search keeps: all but the order. */
function filtersIn(params: URLSearchParams): SavedSearchFilters {
  const { sort: _order, ...filters } = readFilters(params);
  return filters;
}

/** A name the member can read back later: the search's words, then each filter that narrows it. */
function suggestedName(filters: SavedSearchFilters): string {
  const { minValue: min, maxValue: max } = filters;
  const parts = [
    filters.q,
    filters.category && TEXT.categories[filters.category],
    filters.type === 'items' ? ITEMS_TEXT.marketplace.typeItems : filters.type === 'services' ? ITEMS_TEXT.marketplace.typeServices : undefined,
    min !== undefined && max !== undefined ? t.pointsRange({ min, max }) : min !== undefined ? t.pointsFrom({ min }) : max !== undefined ? t.pointsUpTo({ max }) : undefined,
    filters.within !== undefined ? t.within({ km: filters.within }) : undefined,
  ];
  return parts.filter(Boolean).join(', ').slice(0, SAVED_SEARCH_NAME_MAX_LENGTH);
}

const narrows = (filters: SavedSearchFilters) => suggestedName(filters) !== '';

/** Save this search: shown once the marketplace is searched or filtered, as a search of everything alerts on every listing. */
export function SaveSearchButton() {
  const [params] = useSearchParams();
  const create = useCreateSavedSearch();
  const filters = filtersIn(params);
  if (!narrows(filters)) return null;
  return (
    <div className="flex justify-end">
      <DialogButton
        icon={BellPlus}
        label={t.button}
        dialog={(state) => (
          <TextDialog
            {...state}
            title={t.title}
            description={t.body}
            label={t.name}
            initialText={suggestedName(filters)}
            maxLength={SAVED_SEARCH_NAME_MAX_LENGTH}
            requiredMessage={TEXT.savedSearches.nameRequired}
            confirmLabel={t.save}
            pending={create.isPending}
            onSubmit={async (name) => {
              try {
                await create.mutateAsync({ name, filters });
              } catch (failure) {
                toast.error(errorMessage(failure, TEXT.savedSearches.saveFailed));
                return false;
              }
              toast.success(TEXT.savedSearches.saved);
              return true;
            }}
          />
        )}
      />
    </div>
  );
}
