import { describe, expect, test } from 'vitest';
import { formatTimeAgo } from './format-date.ts';

const now = Date.parse('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;

describe('formatTimeAgo', () => {
  test.each([
    [10_000, 'just now'],
    [MINUTE, '1 minute ago'],
    [59 * MINUTE, '59 minutes ago'],
    [3 * 60 * MINUTE, '3 hours ago'],
    [26 * 60 * MINUTE, 'yesterday'],
    [4 * 24 * 60 * MINUTE, '4 days ago'],
  ])('%i ms back reads "%s"', (elapsed, expected) => {
    expect(formatTimeAgo(ago(elapsed), now)).toBe(expected);
  });

  test('from a week back it gives the date and the time', () => {
    expect(formatTimeAgo('2026-11-01T09:30:00Z', now)).toMatch(/Nov 1, 2026/);
  });

  test('a moment a clock a little ahead puts in the future still reads "just now"', () => {
    expect(formatTimeAgo(ago(-5_000), now)).toBe('just now');
  });
});
