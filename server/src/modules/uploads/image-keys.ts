import { randomBytes } from 'node:crypto';

export type ImageKind = 'items' | 'avatars' | 'chat' | 'problems';

/**
 * Kind, owner id, timestamp and 80 random bits. SPEC.md's scheme ended with the file's name, which
 * every member who sees the picture could read in its address ("passport-scan.jpg"); keys made
 * before carry it still, and are served as they are (storage/storage.ts).
 */
export function newImageKey(kind: ImageKind, ownerId: string, now = Date.now()): string {
  return `${kind}/${ownerId}/${String(now).padStart(13, '0')}-${randomBytes(10).toString('hex')}`;
}

export const fullKey = (key: string) => `${key}.webp`;
export const thumbKey = (key: string) => `${key}.thumb.webp`;
/** The member who uploaded it: every key names them second. */
export const ownerOfImageKey = (key: string) => key.split('/')[1]!;
/** The key rows hold, from the address of either size. */
export const storedKeyOf = (objectKey: string) => objectKey.replace(/(\.thumb)?\.webp$/, '');
export const imageUrl = (key: string) => `/api/images/${fullKey(key)}`;
export const thumbUrl = (key: string) => `/api/images/${thumbKey(key)}`;
