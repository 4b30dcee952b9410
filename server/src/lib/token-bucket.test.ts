import { describe, expect, it } from 'vitest';
import { tokenBucket } from './token-bucket.ts';

describe('tokenBucket', () => {
  it('lets a burst through, then as many a second as it refills, and never saves up more than the burst', () => {
    let clock = 0;
    const take = tokenBucket(3, 2, () => clock);
    const takes = (count: number) => Array.from({ length: count }, () => take());

    expect(takes(4)).toEqual([true, true, true, false]);
    clock += 500;
    expect(takes(2)).toEqual([true, false]);
    clock += 60_000;
    expect(takes(4)).toEqual([true, true, true, false]);
  });
});
