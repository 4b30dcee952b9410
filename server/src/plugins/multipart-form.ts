import { MAX_IMAGE_BYTES, TEXT } from '@swapyard/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { assertStorableText } from './storable-text.ts';

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Map<string, string>;
  files: UploadedFile[];
}

/** One more than any form takes, so the form itself can say "Maximum 4 images allowed". */
export const MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: 5,
  fields: 20,
  fieldSize: 16 * 1024,
  parts: 30,
  headerPairs: 100,
};

const tooMany = (message: string) => new AppError(400, 'VALIDATION_ERROR', message);

/**
 * Reads a whole multipart form: text fields, and files into memory one at a time, each refused
 * as soon as it passes 10 MB; a form with more than maxFiles files is refused at the first extra one.
 * Anything else that goes wrong while reading (no boundary, a body cut off in a part, a dropped
 * connection) is the sender's malformed form: 400.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  { maxFiles, tooManyFiles }: { maxFiles: number; tooManyFiles: string },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', TEXT.images.badForm);
  const fields = new Map<string, string>();
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      assertStorableText(part.fieldname);
      if (part.type === 'field') {
        if (typeof part.value === 'string') {
          assertStorableText(part.value);
          fields.set(part.fieldname, part.value);
        }
        continue;
      }
      if (files.length === maxFiles) throw tooMany(tooManyFiles);
      files.push({ fieldName: part.fieldname, fileName: part.filename, bytes: await part.toBuffer() });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'PAYLOAD_TOO_LARGE', TEXT.images.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw tooMany(tooManyFiles);
    throw new AppError(400, 'VALIDATION_ERROR', TEXT.images.badForm);
  }
  return { fields, files };
}
