import type { LoaderFunctionArgs } from 'react-router';
import { blockedMembersQuery } from '../../api/blocked-members.ts';
import { prefetchAnswer, prefetchFirstPage, waitWhileOpening } from '../../lib/route-prefetch.ts';
import { conversationQuery } from './api/get-conversation.ts';
import { conversationProposalsQuery } from './api/get-conversation-proposals.ts';
import { messagesQuery } from './api/get-messages.ts';

// Part of the entry bundle: small and free of zod (lib/route-prefetch.ts).

/** A chat's partner and item, its latest messages, the proposals about its item, and whether the member blocked the partner. */
export function prefetchChat({ params }: LoaderFunctionArgs): Promise<null> | null {
  if (!params.id) return null;
  return waitWhileOpening(
    Promise.all([
      prefetchAnswer(conversationQuery(params.id)),
      prefetchFirstPage(messagesQuery(params.id)),
      prefetchFirstPage(conversationProposalsQuery(params.id)),
      prefetchAnswer(blockedMembersQuery),
    ]),
  );
}
