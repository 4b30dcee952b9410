import { NOTIFICATION_DEFAULTS, type NotificationPreferencesResponse } from '@swapyard/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { startApiServer } from '../../../test/api-server.ts';
import { rootPerTest } from '../../../test/mounted.tsx';
import { NotificationsSection } from './notifications-section.tsx';

const { host, render } = rootPerTest();

afterEach(() => {
  queryClient.clear();
});

const emailSwitch = (kind: string) =>
  host().querySelector<HTMLInputElement>(`[role="group"][aria-labelledby="${[...host().querySelectorAll('[role="group"] p')].find((p) => p.textContent === kind)!.id}"] input[role="switch"]`)!;

describe('the notifications section', () => {
  it('saves the whole set on each change, and puts a switch back when the server refuses it', async () => {
    let refuse = false;
    const api = await startApiServer((request) => {
      if (request.method === 'GET') return { status: 200, body: { preferences: NOTIFICATION_DEFAULTS } satisfies NotificationPreferencesResponse };
      if (refuse) return { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong' } } };
      return { status: 200, body: request.body };
    });
    try {
      await render(
        <QueryClientProvider client={queryClient}>
          <NotificationsSection />
        </QueryClientProvider>,
      );
      await act(() => vi.waitFor(() => expect(emailSwitch('Ratings').checked).toBe(false)));

      await act(async () => emailSwitch('Ratings').click());
      await act(() => vi.waitFor(() => expect(api.received.filter((request) => request.method === 'PUT')).toHaveLength(1)));
      expect(api.received.find((request) => request.method === 'PUT')!.body).toEqual({ ...NOTIFICATION_DEFAULTS, ratings: { email: true, push: false } });
      expect(emailSwitch('Ratings').checked).toBe(true);

      refuse = true;
      await act(async () => emailSwitch('Proposals').click());
      expect(emailSwitch('Proposals').checked).toBe(false);
      // Refused: the section shows what the server holds again.
      await act(() => vi.waitFor(() => expect(emailSwitch('Proposals').checked).toBe(true)));
    } finally {
      await api.close();
    }
  });
});
