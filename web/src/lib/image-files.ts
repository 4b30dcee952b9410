import { MAX_IMAGE_BYTES, TEXT } from '@swapyard/contract';

/** What the file pickers offer; the server checks the bytes again whatever the browser says. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** Why a chosen file cannot be uploaded, found before sending megabytes the server would refuse. */
export function imageFileProblem(file: File): string | null {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return TEXT.images.notAnImage;
  if (file.size > MAX_IMAGE_BYTES) return TEXT.images.tooLarge;
  return null;
}
