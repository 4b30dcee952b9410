import { MAX_IMAGE_PIXELS, TEXT } from '@swapyard/contract';
import sharp from 'sharp';
import { AppError, badRequest } from '../../lib/app-error.ts';

export interface ProcessedImage {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

export interface ImageSizes {
  full: number;
  thumb: number;
}

const SIGNATURES: { bytes: (number | undefined)[] }[] = [
  { bytes: [0xff, 0xd8, 0xff] }, // JPEG
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }, // PNG
  { bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] }, // GIF87a
  { bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] }, // GIF89a
  // RIFF....WEBP: bytes 4 to 7 are the chunk size, anything.
  { bytes: [0x52, 0x49, 0x46, 0x46, undefined, undefined, undefined, undefined, 0x57, 0x45, 0x42, 0x50] },
];

/** The file's own bytes decide what it is; its name and declared type are not believed. */
export function isSupportedImage(bytes: Buffer): boolean {
  return SIGNATURES.some(({ bytes: signature }) =>
    signature.every((expected, i) => expected === undefined || bytes[i] === expected),
  );
}

const unsupported = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', TEXT.images.notAnImage);

/**
 * Re-encodes to WebP: turned upright, scaled down, and without a byte of the original's metadata
 * (EXIF, GPS, XMP, ICC comments): sharp writes none unless asked to.
 */
export async function processImage(bytes: Buffer, sizes: ImageSizes): Promise<ProcessedImage> {
  if (!isSupportedImage(bytes)) throw unsupported();
  // The pixel cap is checked from the header, before anything is decoded: a bomb never expands.
  const input = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false });
  try {
    const { data: full, info } = await input()
      .rotate()
      .resize({ width: sizes.full, height: sizes.full, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await input()
      .rotate()
      .resize({ width: sizes.thumb, height: sizes.thumb, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return { full, thumb, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw badRequest(TEXT.images.tooManyPixels);
    throw badRequest(TEXT.images.unreadable);
  }
}
