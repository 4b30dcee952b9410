import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import type { Session } from '../auth/service.ts';
import { STORAGE_KEY, type Storage } from '../../storage/storage.ts';
import type { UploadedFile } from '../../plugins/multipart-form.ts';
import { processImage, type ImageSizes } from './image-processor.ts';
import { fullKey, newImageKey, ownerOfImageKey, storedKeyOf, thumbKey, type ImageKind } from './image-keys.ts';

export interface StoredImage {
  key: string;
  width: number;
  height: number;
}

const SIZES: Record<ImageKind, ImageSizes> = {
  items: { full: 1600, thumb: 480 },
  avatars: { full: 512, thumb: 128 },
  chat: { full: 1600, thumb: 480 },
  problems: { full: 1600, thumb: 480 },
};

/** Whether a member who is not the picture's owner may see it; `key` is the stored key, without size or extension. */
export type ImageGuard = (viewer: Session, key: string) => Promise<boolean>;

export class ImageService {
  private readonly guards = new Map<ImageKind, ImageGuard>();

  constructor(
    private readonly storage: Storage,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Every file is checked and re-encoded before any is stored, so a bad file in a form
   * stores nothing; if storing fails part-way, what was stored is removed.
   */
  async storeAll(kind: ImageKind, ownerId: string, files: UploadedFile[]): Promise<StoredImage[]> {
    const processed = [];
    for (const file of files) processed.push(await processImage(file.bytes, SIZES[kind]));
    const stored: StoredImage[] = [];
    try {
      for (const image of processed) {
        const key = newImageKey(kind, ownerId);
        await this.storage.put(fullKey(key), image.full, 'image/webp');
        await this.storage.put(thumbKey(key), image.thumb, 'image/webp');
        stored.push({ key, width: image.width, height: image.height });
      }
    } catch (error) {
      await this.removeAll(stored.map((image) => image.key));
      throw error;
    }
    return stored;
  }

  /** SPEC.md: a failure to delete is only logged; the member's action has already succeeded. */
  async removeAll(keys: string[]): Promise<void> {
    for (const key of keys) {
      for (const object of [fullKey(key), thumbKey(key)]) {
        await this.storage.delete(object).catch((error: unknown) => {
          this.log.error({ err: error, key: object }, 'could not delete a stored image');
        });
      }
    }
  }

  /**
   * The module that hands out a kind's addresses says who else may open them: an address passed
   * on must not open a private picture (a chat photo, a problem report's evidence) for anyone else.
   */
  guard(kind: ImageKind, mayOpen: ImageGuard): void {
    this.guards.set(kind, mayOpen);
  }

  /** Undefined for a key the server could not have made, one no longer stored, or one the member may not see. */
  async open(objectKey: string, viewer: Session): Promise<Readable | undefined> {
    if (!STORAGE_KEY.test(objectKey)) return undefined;
    const key = storedKeyOf(objectKey);
    const mayOpen = this.guards.get(key.split('/')[0] as ImageKind);
    if (mayOpen && ownerOfImageKey(key) !== viewer.userId && !(await mayOpen(viewer, key))) return undefined;
    return this.storage.get(objectKey);
  }
}
