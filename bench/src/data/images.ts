import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Storage } from '../../../server/src/storage/storage.ts';
import { ImageService, type StoredImage } from '../../../server/src/modules/uploads/service.ts';

const PHOTOS = 8;
const WIDTH = 1200;
const HEIGHT = 900;

/** A photo-sized picture with a gradient and a few shapes: enough detail that WebP has work to do. */
function picture(index: number): Promise<Buffer> {
  const hue = (index * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},45%,35%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${300 + index * 60}" cy="420" r="${160 + index * 10}" fill="hsl(${(hue + 180) % 360},40%,60%)" opacity="0.8"/>
    <rect x="620" y="${200 + index * 20}" width="380" height="420" rx="40" fill="hsl(${(hue + 90) % 360},35%,85%)" opacity="0.7"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

// The service logs only when it cannot delete a file, which storing never does.
const quiet = { error: () => undefined } as unknown as FastifyBaseLogger;

/** A few listing photos, through the server's own image pipeline, into the storage the server will read. */
export async function storeListingPhotos(storage: Storage, ownerId: string): Promise<StoredImage[]> {
  const files = await Promise.all(
    Array.from({ length: PHOTOS }, async (_, i) => ({ fieldName: 'images', fileName: `photo-${i + 1}.png`, bytes: await picture(i) })),
  );
  return new ImageService(storage, quiet).storeAll('items', ownerId, files);
}
