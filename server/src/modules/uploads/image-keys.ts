import { randomBytes } from 'node:crypto';

export type ImageKind = 'items' | 'avatars' | 'chat';

/** SPEC.md's scheme: kind, owner id, timestamp and the file's name, made safe for any store and URL. */
export function newImageKey(kind: ImageKind, ownerId: string, fileName: string, now = Date.now()): string {
  const stem = fileName.replace(/\.[^.]*$/, '');
  const safe =
    stem
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'image';
  // Two uploads of "photo.jpg" in one millisecond still get two keys.
  const nonce = randomBytes(4).readUInt32BE(0).toString(36).padStart(6, '0').slice(-6);
  return `${kind}/${ownerId}/${String(now).padStart(13, '0')}-${nonce}-${safe}`;
}

export const fullKey = (key: string) => `${key}.webp`;
export const thumbKey = (key: string) => `${key}.thumb.webp`;
export const imageUrl = (key: string) => `/api/images/${fullKey(key)}`;
export const thumbUrl = (key: string) => `/api/images/${thumbKey(key)}`;
