import { UPLOAD_MAX_IMAGES, UPLOAD_MAX_MB, UPLOAD_TYPES } from '@aquamall/shared/constants';
import { MSG, uploadCountMessage, uploadSizeMessage, uploadTypeMessage } from '@aquamall/shared/messages';

export interface UploadRules {
  /** Allowed extensions, lower case (default jpg, jpeg, png). */
  types?: readonly string[];
  /** Size limit in MB (default 10). */
  maxMb?: number;
  /** Most images in a multi-upload (default 5). */
  max?: number;
}

export const uploadDefaults = { types: UPLOAD_TYPES, maxMb: UPLOAD_MAX_MB, max: UPLOAD_MAX_IMAGES } as const;

/** The message for a file that breaks the type or size rule (docs/product/files.md#uploads), or null when it may be uploaded. */
export function checkUploadFile(file: { name: string; size: number }, rules: UploadRules = {}): string | null {
  const types = rules.types ?? uploadDefaults.types;
  const maxMb = rules.maxMb ?? uploadDefaults.maxMb;
  const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!types.includes(ext)) return uploadTypeMessage(types);
  if (file.size > maxMb * 1024 * 1024) return uploadSizeMessage(maxMb);
  return null;
}

/** The message when adding `adding` files to `current` would pass the limit, else null. */
export function checkUploadCount(current: number, adding: number, max: number): string | null {
  return current + adding > max ? uploadCountMessage(max) : null;
}

/** Reads the file host's answer `{code, message, data}`: the stored path, or the message to show. */
export function readUploadResponse(body: unknown): { path: string } | { error: string } {
  const env = (body && typeof body === 'object' ? body : {}) as { code?: unknown; message?: unknown; data?: unknown };
  const message = typeof env.message === 'string' && env.message ? env.message : MSG.uploadFailed;
  if (env.code !== 0) return { error: message };
  // The file host answers a list (one entry per stored file); a single object or a bare path is accepted too.
  const first = Array.isArray(env.data) ? (env.data[0] as unknown) : env.data;
  const data = first as { fileRelativePath?: unknown } | string | null | undefined;
  const path = typeof data === 'string' ? data : typeof data?.fileRelativePath === 'string' ? data.fileRelativePath : '';
  return path ? { path } : { error: MSG.uploadFailed };
}
