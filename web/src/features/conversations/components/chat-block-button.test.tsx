import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { startApiServer, type Answer } from '../../../test/api-server.ts';
import { rootPerTest } from '../../../test/mounted.tsx';
import { ChatBlockButton } from './chat-block-button.tsx';

const { host, render } = rootPerTest();
const olga = { id: '00000000-0000-4000-8000-000000000002', displayName: 'Olga', photoUrl: null, former: false };

async function show(blockList: Answer) {
  const api = await startApiServer(() => blockList);
  await render(
    <QueryClientProvider client={queryClient}>
      <ChatBlockButton member={olga} />
    </QueryClientProvider>,
  );
  return api;
}

afterEach(() => {
  queryClient.clear();
});

describe("the chat header's Block button", () => {
  it('is offered once the block list says the member is not blocked', async () => {
    const api = await show({ status: 200, body: { blocks: [] } });
    try {
      await act(() =>
        vi.waitFor(() => {
          expect(host().querySelector('button:not(.invisible)')?.textContent).toBe(WEB_TEXT.blocks.block);
        }),
      );
    } finally {
      await api.close();
    }
  });

  it('leaves no room behind when the block list is refused', async () => {
    const api = await show({ status: 403, body: { error: { code: 'FORBIDDEN', message: 'No.' } } });
    try {
      await act(() =>
        vi.waitFor(() => {
          expect(api.received.map((request) => request.path)).toEqual(['/api/blocks']);
          expect(host().querySelector('button')).toBeNull();
        }),
      );
    } finally {
      await api.close();
    }
  });
});
