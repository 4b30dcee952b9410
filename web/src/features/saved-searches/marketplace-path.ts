import type { SavedSearch } from '@swapyard/contract';

/** The marketplace's address for a saved search's filters, as its filter panel writes them. */
export function marketplacePath({ q, category, type, minValue, maxValue, near, within }: SavedSearch['filters']): string {
  const params = new URLSearchParams();
  const set = (name: string, value: string | number | null) => {
    if (value !== null) params.set(name, String(value));
  };
  set('q', q);
  set('category', category);
  set('type', type === 'all' ? null : type);
  set('minValue', minValue);
  set('maxValue', maxValue);
  set('near', near);
  set('within', within);
  const query = params.toString();
  return query ? `/marketplace?${query}` : '/marketplace';
}
