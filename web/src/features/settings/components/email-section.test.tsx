import type { CurrentUser, EmailChangeResponse } from '@swapyard/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../../lib/current-user.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { startApiServer } from '../../../test/api-server.ts';
import { rootPerTest } from '../../../test/react-root.ts';
import { emailChangeQuery } from '../api/get-email-change.ts';
import { EmailSection } from './email-section.tsx';

const member: CurrentUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'new@example.com',
  displayName: 'Olga',
  photoUrl: null,
  bio: '',
  location: '',
  points: 100,
  averageRating: 0,
  ratingCount: 0,
  createdAt: '2026-03-15T12:00:00.000Z',
  role: 'member',
};

afterEach(() => {
  queryClient.clear();
});
const { root, host } = rootPerTest();

describe('the email section', () => {
  it('asks the server again on opening, so a change confirmed on another device a moment ago is not shown as waiting', async () => {
    // What this browser saw seconds ago, as the saved copy of the cache brings it back on reload.
    const seen: EmailChangeResponse = { pending: { email: member.email, expiresAt: '2026-03-16T12:00:00.000Z' } };
    queryClient.setQueryData(emailChangeQuery.queryKey, seen);
    const api = await startApiServer(() => ({ status: 200, body: { pending: null } satisfies EmailChangeResponse }));
    try {
      await act(async () => {
        root().render(
          <QueryClientProvider client={queryClient}>
            <CurrentUserContext value={member}>
              <EmailSection />
            </CurrentUserContext>
          </QueryClientProvider>,
        );
        await Promise.resolve();
      });
      expect(host().textContent).toContain('Waiting for confirmation');

      await act(() =>
        vi.waitFor(() => {
          expect(host().textContent).not.toContain('Waiting for confirmation');
        }),
      );
      expect(api.received.map((request) => request.path)).toEqual(['/api/me/email-change']);
    } finally {
      await api.close();
    }
  });
});
