import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { fileEndpoints as e } from '@aquamall/shared/endpoints';
import { UPLOAD_MAX_IMAGES, UPLOAD_MAX_MB } from '@aquamall/shared';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { AppError, invalid, loginExpired, rateLimited } from '../../lib/errors.ts';
import { fail, filesErrors } from './messages.ts';
import { resolveToken, type AuthContext } from '../auth/index.ts';
import { SharedRateLimiter } from './rate-limit.ts';
import { storeUploads, type ReceivedFile } from './upload.ts';

/** Folders `/UploadHandler.ashx?appName=` may choose (lower case); anything else is refused. */
export const UPLOAD_APPS = ['common', 'avatar', 'product', 'shop', 'company', 'cert', 'article', 'banner', 'enquiry', 'bid', 'order', 'contract', 'invoice'] as const;
/** Per user: 30 upload requests a minute (each up to 5 images). In memory, per instance. */
export const UPLOAD_RATE = { limit: 30, windowMs: 60_000 };

const MB = 1024 * 1024;
const MULTIPART_LIMITS = { fileSize: UPLOAD_MAX_MB * MB, files: UPLOAD_MAX_IMAGES, fields: 10, fieldSize: 4096, parts: 20, headerPairs: 100 };

interface MultipartError {
  code?: string;
}

/** Maps the multipart parser's limit errors to the messages of docs/product/files.md#uploads. */
function limitError(err: unknown): Error {
  switch ((err as MultipartError)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fail('UPLOAD_TOO_LARGE');
    case 'FST_FILES_LIMIT':
      return fail('UPLOAD_TOO_MANY');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return invalid();
    default:
      // Anything else the parser throws (no boundary, malformed part header, unexpected end of form) is a
      // broken request body, not a server fault.
      return fail('UPLOAD_FORM_MALFORMED');
  }
}

export const MSG_BAD_FORM = filesErrors.UPLOAD_FORM_MALFORMED.message;

export default async function uploadRoutes(app: FastifyInstance) {
  // Multipart only for the routes of this plugin; everywhere else a multipart body is refused (415).
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const limiter = new SharedRateLimiter(app.db, app.redis, UPLOAD_RATE.limit, UPLOAD_RATE.windowMs);

  const admit = async (auth: AuthContext | null): Promise<AuthContext> => {
    if (!auth) throw loginExpired();
    if (!(await limiter.take(`u${auth.userId}`))) throw rateLimited();
    return auth;
  };

  /**
   * Reads the form: the token from `x-token` (checked before any byte of the body is read) or from a `token`
   * field placed before the files (checked as soon as it arrives), and the files (any file field; the client uses `storefile`).
   */
  // Before the body is parsed: a request whose x-token is forged or expired is refused without reading a byte.
  app.addHook('preValidation', async (request) => {
    if (request.headers['x-token']) await admit(request.auth);
  });

  async function receive(request: FastifyRequest): Promise<{ auth: AuthContext; files: ReceivedFile[] }> {
    if (!request.isMultipart()) throw fail('UPLOAD_FILE_REQUIRED');
    let auth: AuthContext | null = request.headers['x-token'] ? request.auth : null;
    const files: ReceivedFile[] = [];
    // Errors of our own (token lookup, rate limit) pass through; only the parser's are mapped to bad input.
    let ours = false;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'token' && !auth && typeof part.value === 'string') {
            ours = true;
            auth = await admit(await resolveToken(app.db, part.value));
            ours = false;
          }
          continue;
        }
        // A file part of a caller not yet known (no x-token, no token field before it) is refused before
        // any of it is read, so anonymous uploads cannot make the server buffer megabytes.
        if (!auth) throw loginExpired();
        const body = await part.toBuffer();
        if (!part.filename && body.length === 0) continue; // an empty file input
        files.push({ fileName: part.filename, body });
      }
    } catch (err) {
      throw ours || err instanceof AppError ? err : limitError(err);
    }
    if (!auth) throw loginExpired();
    if (files.length === 0) throw fail('UPLOAD_FILE_REQUIRED');
    return { auth, files };
  }

  // POST {file host}/file/upload — multipart field `storefile` plus the token (docs/product/files.md#uploads).
  route(app, e.fileUpload, async (request) => {
    const { auth, files } = await receive(request);
    return ok(await storeUploads(app, auth, files, null), '上传成功');
  });

  // POST /UploadHandler.ashx?appName=<app> — the same, stored in the folder the app names.
  route(app, e.fileUploadHandler, async (request) => {
    const appName = (request.query.appName || 'common').toLowerCase();
    if (!(UPLOAD_APPS as readonly string[]).includes(appName)) throw fail('UPLOAD_CATEGORY_UNKNOWN');
    const { auth, files } = await receive(request);
    return ok(await storeUploads(app, auth, files, appName), '上传成功');
  });
}
