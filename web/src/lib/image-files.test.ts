import { MAX_IMAGE_BYTES, TEXT } from '@swapyard/contract';
import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './image-files.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? Array.from(part, (c) => c.charCodeAt(0)) : part)));

describe('what a picked file is checked for before any upload', () => {
  it.each([
    ['photo.jpg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['drawing.png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])],
    ['loop.gif', bytes('GIF89a')],
    ['phone.webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['named-wrongly.txt', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])],
  ])('accepts %s by what its bytes are', async (name, content) => {
    expect(await imageFileProblem(new File([content], name))).toBeNull();
  });

  it.each([
    ['notes.png', bytes('just some text, renamed')],
    ['empty.jpg', bytes()],
    ['page.webp', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
  ])('refuses %s, whose name says picture and whose bytes do not', async (name, content) => {
    expect(await imageFileProblem(new File([content], name, { type: 'image/png' }))).toBe(TEXT.images.notAnImage);
  });

  it('refuses a picture over the size limit without reading it', async () => {
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' });
    expect(await imageFileProblem(big)).toBe(TEXT.images.tooLarge);
  });
});
