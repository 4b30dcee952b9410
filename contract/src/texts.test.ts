import { describe, expect, it } from 'vitest';
import { TEXT, waitIn } from './texts.ts';

describe('the rate limit says when to try again', () => {
  it.each([
    [1, 'Too many requests. Please try again in 1 second.'],
    [40, 'Too many requests. Please try again in 40 seconds.'],
    [60, 'Too many requests. Please try again in 1 minute.'],
    [61, 'Too many requests. Please try again in 2 minutes.'],
    [900, 'Too many requests. Please try again in 15 minutes.'],
    [3600, 'Too many requests. Please try again in 1 hour.'],
    [7201, 'Too many requests. Please try again in 3 hours.'],
  ])('%i seconds reads as a wait a person says', (seconds, text) => {
    expect(TEXT.errors.tooManyRequestsFor(waitIn(seconds))).toBe(text);
  });
});
