import type { LoaderFunctionArgs } from 'react-router';
import { blockedMembersQuery } from '../../api/blocked-members.ts';
import { queryClient } from '../../lib/query-client.ts';
import { prefetchForPage, waitWhileOpening } from '../../lib/route-prefetch.ts';
import { conversationQuery } from './api/get-conversation.ts';
import { conversationProposalsQuery } from './api/get-conversation-proposals.ts';
import { messagesQuery } from './api/get-messages.ts';

// Part of the entry bundle: small and free of zod (lib/route-prefetch.ts).

/** A chat's partner and item, its latest messages, the proposals about its item, and whether the member blocked the partner. */
export function prefetchChat({ params }: LoaderFunctionArgs): Promise<null> | null {
  if (!params.id) return null;
  const conversation = conversationQuery(params.id);
  const messages = messagesQuery(params.id);
  const proposals = conversationProposalsQuery(params.id);
  return waitWhileOpening(
    Promise.all([
      prefetchForPage(conversation.queryKey, () => queryClient.prefetchQuery(conversation)),
      prefetchForPage(messages.queryKey, () => queryClient.prefetchInfiniteQuery(messages)),
      prefetchForPage(proposals.queryKey, () => queryClient.prefetchInfiniteQuery(proposals)),
      prefetchForPage(blockedMembersQuery.queryKey, () => queryClient.prefetchQuery(blockedMembersQuery)),
    ]),
  );
}
