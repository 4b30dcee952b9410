import type { ItemDetail } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { png } from './images.ts';
import type { Member } from './members.ts';
import { multipart, type FilePart } from './multipart.ts';
import { send } from './members.ts';

export type ItemInput = {
  title: string;
  description: string;
  category: string;
  value: string;
  location: string;
  /** The place picker's choice (issue 17); absent, the location text is matched to a town. */
  placeId?: string;
};

export function itemInput(overrides: Partial<ItemInput> = {}): ItemInput {
  return {
    title: 'Oak bookshelf',
    description: 'Five shelves, solid wood, a few scratches.',
    category: 'Furniture',
    value: '40',
    location: 'Bristol',
    ...overrides,
  };
}

export async function imageFiles(count: number): Promise<FilePart[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({ name: `photo-${i + 1}.png`, bytes: await png(120 + i, 90), type: 'image/png' })),
  );
}

/** Sends the add-item form; returns the raw response so a test can look at refusals too. */
export async function postItem(app: FastifyInstance, member: Member | undefined, fields: Record<string, string>, files: FilePart[]) {
  const form = multipart(fields, files);
  return send(app, 'POST', '/api/items', {
    body: form.body,
    headers: { 'content-type': form.contentType },
    ...(member ? { cookie: member.cookie } : {}),
  });
}

/** Sends the edit form: fields, the image order (`imageOrder`, as JSON) and any new photos. */
export async function putItem(app: FastifyInstance, member: Member, id: string, fields: Record<string, string>, files: FilePart[] = []) {
  const form = multipart(fields, files);
  return send(app, 'PUT', `/api/items/${id}`, { body: form.body, cookie: member.cookie, headers: { 'content-type': form.contentType } });
}

/** Lists an item as the member would, with one image unless told otherwise. */
export async function createItem(
  app: FastifyInstance,
  member: Member,
  overrides: Partial<ItemInput> = {},
  files?: FilePart[],
): Promise<ItemDetail> {
  const response = await postItem(app, member, { ...itemInput(overrides) }, files ?? (await imageFiles(1)));
  if (response.statusCode !== 201) throw new Error(`create item failed: ${response.body}`);
  return response.json<{ item: ItemDetail }>().item;
}
