import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** The refusals of a one-file upload, in the words of the module that takes it. */
export interface UploadRefusals {
  required: () => AppError;
  tooLarge: () => AppError;
  malformed: () => AppError;
}

/**
 * The first file part of a multipart request (its name and bytes), for plugins that register multipart with
 * their own limits: a request without a file, a file over the plugin's `fileSize` and a broken body are refused
 * with the caller's messages.
 */
export async function receiveOneFile(request: FastifyRequest, refuse: UploadRefusals): Promise<{ fileName: string; body: Buffer }> {
  if (!request.isMultipart()) throw refuse.required();
  let file: { fileName: string; body: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const body = await part.toBuffer();
      if (!file) file = { fileName: part.filename, body };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse.tooLarge();
    throw refuse.malformed();
  }
  if (!file) throw refuse.required();
  return file;
}
