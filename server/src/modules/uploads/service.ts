import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import type { Session } from '../auth/service.ts';
import { STORAGE_KEY, type Storage } from '../../storage/storage.ts';
import type { UploadedFile } from '../../plugins/multipart-form.ts';
import { processImage, type ImageSizes } from './image-processor.ts';
import { fullKey, newImageKey, thumbKey, type ImageKind } from './image-keys.ts';

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

export class ImageService {
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
   * Undefined for a key the server could not have made, one no longer stored, or one the member may
   * not see. A problem report's photos are evidence for the moderators: besides them only the
   * reporter, whose id the key carries, may open them, even holding the address.
   */
  async open(objectKey: string, viewer: Session): Promise<Readable | undefined> {
    if (!STORAGE_KEY.test(objectKey)) return undefined;
    const [kind, ownerId] = objectKey.split('/');
    if (kind === 'problems' && ownerId !== viewer.userId && (await viewer.user()).role === 'member') return undefined;
    return this.storage.get(objectKey);
  }
}
