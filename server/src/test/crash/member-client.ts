import type { ServerEvent } from '@swapyard/contract';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { png } from '../images.ts';
import { registration } from '../members.ts';
import { multipart } from '../multipart.ts';
import { http } from './load.ts';

/** What a member's browser does against real server processes (or a proxy in front of them), over HTTP. */
export interface Member {
  id: string;
  cookie: string;
}

export async function signUp(origin: string, displayName: string): Promise<Member> {
  const response = await http(origin, 'POST', '/api/auth/register', { json: registration({ displayName }) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const cookie = response.setCookie.map((c) => c.split(';')[0]!).find((c) => c.split('=')[0]!.endsWith('swapyard_session'))!;
  return { id: (response.body as { user: { id: string } }).user.id, cookie };
}

export interface ListedItem {
  id: string;
  images: { url: string; thumbUrl: string }[];
}

export async function listItem(origin: string, member: Member, title: string, images: number): Promise<ListedItem> {
  const files = await Promise.all(
    Array.from({ length: images }, async (_, i) => ({ name: `photo-${i}.png`, bytes: await png(100 + i, 80), type: 'image/png' })),
  );
  const form = multipart({ title, description: 'Listed on one instance.', category: 'Other', value: '30', location: 'Leeds' }, files);
  const response = await http(origin, 'POST', '/api/items', { cookie: member.cookie, body: form.body, contentType: form.contentType });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return (response.body as { item: ListedItem }).item;
}

export interface Tab {
  events: ServerEvent[];
  /** Settles when the socket closes, from either side. */
  closed: Promise<void>;
  close(): void;
}

/** A signed-in browser tab's socket; `headers` adds to the handshake (an X-Request-Id to find it in a log). */
export async function openTab(origin: string, member: Member, headers: Record<string, string> = {}): Promise<Tab> {
  const socket = new WebSocket(`${origin.replace('http', 'ws')}/api/ws`, { headers: { origin, cookie: member.cookie, ...headers } });
  const events: ServerEvent[] = [];
  socket.on('message', (data) => events.push(JSON.parse(String(data)) as ServerEvent));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { events, closed, close: () => socket.close() };
}

export const received = (tab: { events: ServerEvent[] }, expected: ServerEvent) =>
  expect.poll(() => tab.events.filter((event) => JSON.stringify(event) === JSON.stringify(expected)), { timeout: 5_000 }).toHaveLength(1);
