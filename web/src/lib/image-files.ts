import { MAX_IMAGE_BYTES, TEXT } from '@swapyard/contract';

/** What the file pickers offer; the server checks the bytes again whatever the browser says. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The first bytes of a JPEG, PNG, GIF or WebP: a browser's type comes from the name, which anyone can change. */
function startsLikeAnImage(head: Uint8Array): boolean {
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = head[0] === 0x89 && ascii(head, 1, 4) === 'PNG';
  const gif = ascii(head, 0, 4) === 'GIF8';
  const webp = ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP';
  return jpeg || png || gif || webp;
}

/**
 * Why a chosen file cannot be uploaded, found when it is picked, before sending megabytes the
 * server would refuse: too big, or not a picture whatever its name says.
 */
export async function imageFileProblem(file: File): Promise<string | null> {
  if (file.size > MAX_IMAGE_BYTES) return TEXT.images.tooLarge;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return startsLikeAnImage(head) ? null : TEXT.images.notAnImage;
}
