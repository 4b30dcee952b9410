import type { ConversationPage, ItemPage } from '@swapyard/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../../lib/current-user.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { startApiServer, type Answer } from '../../../test/api-server.ts';
import { rootPerTest, signedInMember } from '../../../test/mounted.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const member = signedInMember();
const { host, render } = rootPerTest();

afterEach(() => {
  queryClient.clear();
});

const noItems: ItemPage = { items: [], nextCursor: null };
const noConversations: ConversationPage = { conversations: [], nextCursor: null, unreadConversations: 0 };

/** The dashboard with the API answering its listings and conversations as `answer` says. */
async function openDashboard(answer: (path: string) => Answer) {
  // The member's own profile (their item count) is not what these tests are about.
  const api = await startApiServer((request) => (request.path.startsWith('/api/users/') ? { status: 404 } : answer(request.path)));
  const router = createMemoryRouter([{ path: '/', element: <DashboardPage /> }], { initialEntries: ['/'] });
  await render(
    <QueryClientProvider client={queryClient}>
      <CurrentUserContext value={member}>
        <RouterProvider router={router} />
      </CurrentUserContext>
    </QueryClientProvider>,
  );
  return api;
}

const messagesSection = () => host().querySelector('section:last-of-type')!;

describe('the dashboard', () => {
  it('says it is loading the messages, not that there are none, until the server has answered', async () => {
    const api = await openDashboard((path) => ({ status: 200, body: path.startsWith('/api/conversations') ? noConversations : noItems }));
    try {
      expect(messagesSection().textContent).toContain('Loading your messages...');
      expect(messagesSection().textContent).not.toContain('No messages yet.');

      await act(() =>
        vi.waitFor(() => {
          expect(messagesSection().textContent).toContain('No messages yet.');
        }),
      );
    } finally {
      await api.close();
    }
  });

  it('says the messages could not be loaded, with a retry, rather than that there are none', async () => {
    const api = await openDashboard((path) =>
      path.startsWith('/api/conversations')
        ? { status: 403 }
        : { status: 200, body: noItems },
    );
    try {
      await act(() =>
        vi.waitFor(() => {
          expect(messagesSection().textContent).toContain('Failed to load conversations');
        }),
      );
      expect(messagesSection().querySelector('button')?.textContent).toBe('Try again');
      expect(messagesSection().textContent).not.toContain('No messages yet.');
    } finally {
      await api.close();
    }
  });

  it('keeps four empty cards under the spinner while the recent listings load, so the messages below have their place', async () => {
    const api = await openDashboard((path) => ({ status: 200, body: path.startsWith('/api/conversations') ? noConversations : noItems }));
    try {
      const listings = host().querySelector('section')!;
      expect(listings.textContent).toContain('Loading items');
      expect(listings.querySelectorAll('ul[aria-hidden="true"] > li')).toHaveLength(4);

      await act(() =>
        vi.waitFor(() => {
          expect(listings.querySelector('ul[aria-hidden="true"]')).toBeNull();
          expect(messagesSection().textContent).toContain('No messages yet.');
        }),
      );
    } finally {
      await api.close();
    }
  });
});
