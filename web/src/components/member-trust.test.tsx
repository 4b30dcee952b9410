import type { PublicProfile } from '@swapyard/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MemberTrust } from './member-trust.tsx';

const profile: PublicProfile = {
  id: '00000000-0000-4000-8000-000000000001',
  displayName: 'Olga',
  photoUrl: null,
  bio: '',
  location: '',
  place: null,
  averageRating: 0,
  ratingCount: 0,
  itemCount: 0,
  createdAt: '2026-03-15T12:00:00.000Z',
  trust: { completedSwaps: 0, replyMinutes: null },
};

function replyLine(replyMinutes: number | null): string | undefined {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(<MemberTrust profile={{ ...profile, trust: { completedSwaps: 0, replyMinutes } }} />);
  return Array.from(host.querySelectorAll('li'), (item) => item.textContent).find((text) => text?.startsWith('Usually'));
}

describe('the reply time on a trust block', () => {
  it.each([
    [0, 'Usually replies within an hour'],
    [59, 'Usually replies within an hour'],
    [60, 'Usually replies within a few hours'],
    [359, 'Usually replies within a few hours'],
    [360, 'Usually replies within a day'],
    [1439, 'Usually replies within a day'],
    [1440, 'Usually replies in a few days'],
  ])('a median of %i minutes reads "%s"', (minutes, text) => {
    expect(replyLine(minutes)).toBe(text);
  });

  it('says nothing when there were too few replies to tell', () => {
    expect(replyLine(null)).toBeUndefined();
  });
});
