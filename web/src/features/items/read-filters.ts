import { marketplaceQuery } from '@swapyard/contract';
import type { z } from 'zod';
import type { MarketplaceFilters } from '../../lib/query-keys.ts';

const shape = marketplaceQuery.shape;

function read<S extends z.ZodType>(schema: S, raw: string | null): z.output<S> | undefined {
  const parsed = schema.safeParse(raw ?? undefined);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The filters an address asks for. Each is read on its own, so one bad value in a shared link
 * (a word where a number belongs) is dropped instead of emptying the whole page.
 */
export function readFilters(params: URLSearchParams): MarketplaceFilters {
  return {
    q: read(shape.q, params.get('q')),
    category: read(shape.category, params.get('category')),
    minValue: read(shape.minValue, params.get('minValue')),
    maxValue: read(shape.maxValue, params.get('maxValue')),
    type: read(shape.type, params.get('type')) ?? 'all',
    near: read(shape.near, params.get('near')),
    within: read(shape.within, params.get('within')),
    sort: read(shape.sort, params.get('sort')),
  };
}
