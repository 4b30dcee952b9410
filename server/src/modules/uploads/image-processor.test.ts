import { TEXT } from '@swapyard/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decompressionBomb, jpegWithGps, png, svg } from '../../test/images.ts';
import { isSupportedImage, processImage } from './image-processor.ts';

const sizes = { full: 1600, thumb: 480 };

describe('processImage', () => {
  it('re-encodes a JPEG carrying GPS into WebP with no metadata at all', async () => {
    const source = await jpegWithGps();
    expect((await sharp(source).metadata()).exif?.toString('latin1')).toContain('SecretCam');

    const { full, thumb, width, height } = await processImage(source, sizes);

    for (const output of [full, thumb]) {
      const meta = await sharp(output).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(output.toString('latin1')).not.toContain('SecretCam');
    }
    expect({ width, height }).toEqual({ width: 640, height: 480 });
  });

  it('turns a photo upright from its EXIF orientation', async () => {
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#888' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();

    const { width, height } = await processImage(sideways, sizes);

    expect({ width, height }).toEqual({ width: 200, height: 400 });
  });

  it('scales a large image down to the full size and the thumbnail', async () => {
    const { full, thumb, width } = await processImage(await png(3000, 1500), sizes);

    expect(width).toBe(1600);
    expect((await sharp(thumb).metadata()).width).toBe(480);
    expect((await sharp(full).metadata()).height).toBe(800);
  });

  it.each([
    ['an SVG', svg],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['text named .jpg', Buffer.from('definitely not a photo')],
    ['a PHP script behind a GIF-looking start', Buffer.from('GIF89<?php system($_GET["c"]); ?>')],
  ])('refuses %s by its bytes', async (_name, bytes) => {
    expect(isSupportedImage(bytes)).toBe(false);
    await expect(processImage(bytes, sizes)).rejects.toMatchObject({ statusCode: 415, message: TEXT.images.notAnImage });
  });

  it('serves nothing of a PHP/JPEG polyglot but the re-encoded pixels', async () => {
    const polyglot = Buffer.concat([await jpegWithGps(64, 64), Buffer.from('<?php system($_GET["c"]); ?>')]);

    const { full, thumb } = await processImage(polyglot, sizes);

    for (const output of [full, thumb]) expect(output.toString('latin1')).not.toContain('<?php');
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    const started = Date.now();
    await expect(processImage(decompressionBomb(), sizes)).rejects.toMatchObject({
      statusCode: 400,
      message: TEXT.images.tooManyPixels,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await jpegWithGps();
    await expect(processImage(whole.subarray(0, whole.length / 2), sizes)).rejects.toMatchObject({
      statusCode: 400,
      message: TEXT.images.unreadable,
    });
  });
});
