import { afterEach, describe, expect, it, vi } from 'vitest';
import { numberFormat, prepareFormatters } from './intl.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('prepareFormatters', () => {
  it('makes the number formatter in a task of its own, and the first render then uses that one', () => {
    vi.useFakeTimers();
    const Real = Intl.NumberFormat;
    const made = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (locales, options) {
      return new Real(locales, options);
    });
    prepareFormatters();
    expect(made).not.toHaveBeenCalled();

    vi.runAllTimers();
    expect(made).toHaveBeenCalledTimes(1);
    const prepared = made.mock.results[0]?.value as Intl.NumberFormat;
    expect(numberFormat()).toBe(prepared);
    expect(made).toHaveBeenCalledTimes(1);
  });
});
