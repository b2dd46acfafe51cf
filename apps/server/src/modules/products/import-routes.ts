import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { productImportEndpoints as e } from '@aquamall/shared/endpoints';
import { XLSX_MIME } from '@aquamall/shared';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { AppError } from '../../lib/errors.ts';
import { fail } from './messages.ts';
import { companyCaller } from '../../plugins/auth.ts';
import {
  createImportJob,
  defineImportJob,
  IMPORT_MAX_BYTES,
  importErrorFile,
  importJob,
  jobView,
  resumeImports,
  startImport,
  type ImportContext,
} from './import-jobs.ts';
import { buildTemplate } from './product-import.ts';
import { attachmentHeader } from '../../lib/download.ts';


/** The product import (/customer/product, 导入): template, upload, progress and the marked copy of a refused file. */
export default async function productImportRoutes(app: FastifyInstance) {
  // Multipart only in this plugin: one file of at most 5 MB.
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });
  const ctx: ImportContext = { db: app.db, storage: app.storage, log: app.log };
  defineImportJob(ctx);
  // Unfinished jobs of a previous process go on once the server is up.
  app.addHook('onReady', async () => {
    void resumeImports(ctx).catch((err: unknown) =>
      app.log.error({ err }, 'resuming product imports failed'),
    );
  });

  async function receiveFile(request: FastifyRequest): Promise<{ fileName: string; body: Buffer }> {
    if (!request.isMultipart()) throw fail('IMPORT_FILE_REQUIRED');
    let file: { fileName: string; body: Buffer } | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        const body = await part.toBuffer();
        if (!file) file = { fileName: part.filename, body };
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail('IMPORT_UPLOAD_TOO_LARGE');
      throw fail('IMPORT_UPLOAD_MALFORMED');
    }
    if (!file) throw fail('IMPORT_FILE_REQUIRED');
    return file;
  }

  route(app, e.productImportTemplate, async (_request, reply) =>
    reply
      .type(XLSX_MIME)
      .header('content-disposition', attachmentHeader('products.xlsx', '商品导入模板.xlsx'))
      .send(await buildTemplate(app.db)),
  );
  route(app, e.productImportUpload, async (request) => {
    const caller = companyCaller(request);
    const file = await receiveFile(request);
    const job = await createImportJob(ctx, caller, file, request.query.submit === 1);
    void startImport(ctx, job.id).catch((err: unknown) => app.log.error({ err, importJob: job.id }, 'product import could not start'));
    return ok(jobView(job), '文件已上传，正在校验');
  });
  route(app, e.productImportStatus, async (request) =>
    ok(jobView(await importJob(app.db, companyCaller(request), request.query.id))),
  );
  route(app, e.productImportErrors, async (request, reply) => {
    const file = await importErrorFile(ctx, companyCaller(request), request.query.id);
    return reply.type(XLSX_MIME).header('content-disposition', attachmentHeader('products.xlsx', '商品导入错误.xlsx')).send(file);
  });
}
