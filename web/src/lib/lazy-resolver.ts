import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

export interface LazyResolver<TValues extends FieldValues, TOutput> {
  resolver: Resolver<TValues, unknown, TOutput>;
  /** Starts the download; forms call it when a member first touches them. */
  preload: () => void;
}

/**
 * A zod form resolver downloaded on first use instead of with the page. The account pages are where
 * newcomers arrive, and zod with the contract's schemas would be a fifth of their JavaScript
 * (docs/performance.md); it is fetched while the member types.
 */
export function lazyZodResolver<TValues extends FieldValues, TOutput>(
  loadSchema: () => Promise<$ZodType<TOutput, TValues>>,
): LazyResolver<TValues, TOutput> {
  let loading: Promise<Resolver<TValues, unknown, TOutput>> | undefined;
  const loaded = () => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema),
      (error: unknown) => {
        // A failed download (offline, a new deploy) is retried on the next attempt rather than remembered.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await loaded())(values, context, options),
    preload: () => void loaded().catch(() => undefined),
  };
}
