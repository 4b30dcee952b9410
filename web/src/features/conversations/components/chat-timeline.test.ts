import type { ChatMessage, Proposal } from '@swapyard/contract';
import { describe, expect, it } from 'vitest';
import { chatTimeline, type TimelineEntry } from './chat-timeline.ts';

const message = (id: string, minute: number) =>
  ({ id, createdAt: new Date(Date.UTC(2026, 10, 26, 12, minute)).toISOString() }) as ChatMessage;
const proposal = (id: string, minute: number) =>
  ({ id, createdAt: new Date(Date.UTC(2026, 10, 26, 12, minute)).toISOString() }) as Proposal;
const ids = (entries: TimelineEntry[]) => entries.map((entry) => (entry.kind === 'message' ? entry.message.id : entry.proposal.id));

describe('the chat timeline', () => {
  it('puts each proposal among the messages at the time it was made', () => {
    const timeline = chatTimeline({
      messages: [message('m1', 1), message('m2', 3), message('m3', 5)],
      proposals: [proposal('counter', 4), proposal('first', 2)],
      olderMessages: false,
      olderProposals: false,
    });
    expect(ids(timeline)).toEqual(['m1', 'first', 'm2', 'counter', 'm3']);
  });

  it('shows the proposals of a chat with no messages yet', () => {
    expect(ids(chatTimeline({ messages: [], proposals: [proposal('p', 1)], olderMessages: false, olderProposals: false }))).toEqual(['p']);
  });

  it('holds back a proposal older than the messages loaded so far until the older page is loaded', () => {
    const loaded = { messages: [message('m2', 3), message('m3', 5)], proposals: [proposal('new', 4), proposal('old', 2)] };
    expect(ids(chatTimeline({ ...loaded, olderMessages: true, olderProposals: false }))).toEqual(['m2', 'new', 'm3']);
    expect(ids(chatTimeline({ ...loaded, olderMessages: false, olderProposals: false }))).toEqual(['old', 'm2', 'new', 'm3']);
  });

  it('holds back messages older than the proposals loaded so far while more proposals are to load', () => {
    const timeline = chatTimeline({
      messages: [message('m1', 1), message('m2', 3)],
      proposals: [proposal('p', 2)],
      olderMessages: false,
      olderProposals: true,
    });
    expect(ids(timeline)).toEqual(['p', 'm2']);
  });
});
