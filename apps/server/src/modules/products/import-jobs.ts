import crypto from 'node:crypto';
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import { ImportJobStatus, IMPORT_MAX_MB, XLSX_MIME, type ImportJobView } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { productImportJobs, productRevisions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { fail } from './messages.ts';
import type { Storage } from '../../lib/storage.ts';
import { checkZipDirectory, XLSX_LIMITS, XLSX_UNREADABLE } from '../../lib/zip-guard.ts';
import { sniff } from '../files/index.ts';
import { extensionOf } from '../files/index.ts';
import { assertCanPublishGoods } from '../merchant/index.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { checkRows, markErrors, readRows } from './product-import.ts';
import { insertProducts, withCodeCheck } from './product-save.ts';
import { defineJob, recordId } from '../jobs/index.ts';
import { jobRun, runJobNow } from '../jobs/index.ts';
import { scheduleJob } from '../jobs/index.ts';

/**
 * Import jobs (issue 11): an upload is stored and recorded as an import row, with a job of kind IMPORT_JOB on
 * the jobs table (jobs/define.ts, a detached job: docs/decisions/0191-jobs-and-events-spine.md). The server
 * starts that job right after the request; otherwise any instance's job runner fires it, once, and after a
 * restart a job whose process died is claimed again when its lease ends. Progress is written to the import row
 * the page polls. Either every product of the file is created in one transaction or none is.
 */
export const IMPORT_JOB = 'products.import';
/** How long a claimed import job is left to the instance running it before another may take it over. */
const IMPORT_LEASE_MS = 10 * 60_000;

type JobRow = typeof productImportJobs.$inferSelect;
export interface ImportContext {
  db: Db;
  storage: Storage;
  log?: { error: (obj: unknown, msg?: string) => void };
}

export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;
/** A job "running" without a sign of life for this long belongs to a process that died: it is taken over. */
const STALE_MS = 2 * 60_000;

export const jobView = (j: JobRow): ImportJobView => ({
  sysNo: j.id,
  status: j.status,
  fileName: j.fileName,
  submit: j.submit,
  total: j.total,
  done: j.done,
  errorRows: j.errorRows,
  created: j.created,
  hasErrorFile: Boolean(j.resultPath),
  message: j.message,
  createdAt: j.createdAt.toISOString(),
  finishedAt: j.finishedAt?.toISOString() ?? null,
});

/**
 * Checks the upload's name and bytes: an .xlsx workbook (a zip of the Office format) of at most 5 MB whose zip
 * directory passes the limits on entries, uncompressed sizes and ratio (lib/zip-guard.ts) — a bomb is refused
 * here, before a job exists and before anything is inflated.
 */
export async function assertXlsx(fileName: string, body: Buffer): Promise<void> {
  if (extensionOf(fileName) !== 'xlsx') throw fail('IMPORT_XLSX_REQUIRED');
  if (body.length === 0) throw fail('IMPORT_FILE_EMPTY');
  if (body.length > IMPORT_MAX_BYTES) throw fail('IMPORT_FILE_TOO_LARGE', { maxMb: IMPORT_MAX_MB });
  if ((await sniff(body)).mime !== XLSX_MIME) throw fail('IMPORT_NOT_XLSX');
  await checkZipDirectory(body, XLSX_LIMITS, { unreadable: XLSX_UNREADABLE });
}

/** Records an upload as a queued job of the caller's company (the file goes to private storage). */
export async function createImportJob(
  ctx: ImportContext,
  caller: Caller,
  file: { fileName: string; body: Buffer },
  submit: boolean,
): Promise<JobRow> {
  await assertXlsx(file.fileName, file.body);
  if (submit) await assertCanPublishGoods(ctx.db, caller.companyId);
  const uploadPath = `private/imports/${caller.companyId}/${Date.now()}-${crypto.randomBytes(8).toString('hex')}.xlsx`;
  await ctx.storage.put(uploadPath, file.body, XLSX_MIME);
  return ctx.db.transaction(async (tx) => {
    const [job] = await tx
      .insert(productImportJobs)
      .values({
        companyId: caller.companyId,
        userId: caller.userId,
        submit,
        fileName: file.fileName.slice(-200),
        uploadPath,
      })
      .returning();
    await scheduleJob(tx, IMPORT_JOB, job!.id, new Date());
    return job!;
  });
}

/** One job of the caller's company (another company's is "not found"). */
export async function importJob(db: Db, caller: Caller, id: number): Promise<JobRow> {
  const [job] = await db
    .select()
    .from(productImportJobs)
    .where(and(eq(productImportJobs.id, id), eq(productImportJobs.companyId, caller.companyId)));
  if (!job) throw fail('IMPORT_JOB_NOT_FOUND');
  return job;
}

/** The refused file marked with its errors. */
export async function importErrorFile(ctx: ImportContext, caller: Caller, id: number): Promise<Buffer> {
  const job = await importJob(ctx.db, caller, id);
  const file = job.resultPath ? await ctx.storage.get(job.resultPath) : null;
  if (!file) throw fail('IMPORT_NO_ERROR_FILE');
  return file;
}

/**
 * Registers the import's job kind with this app's storage and log (called by the routes plugin): the job runs
 * `processImportJob`; a failure is recorded on the import row the page shows and logged, so the job itself ends.
 */
export function defineImportJob(ctx: ImportContext) {
  return defineJob({
    kind: IMPORT_JOB,
    payload: recordId,
    detached: { leaseMs: IMPORT_LEASE_MS },
    handler: (db, id) =>
      processImportJob({ ...ctx, db }, id).catch((err: unknown) =>
        ctx.log?.error({ err, importJob: id }, 'product import failed'),
      ),
  });
}

/** The run of a job started by this process (tests and the bench await it), if any. */
export const importRun = (id: number): Promise<void> | undefined => jobRun(IMPORT_JOB, id);

/** Starts a job now in this process (unless another instance holds it); the import row, not the promise, is the state. */
export function startImport(ctx: ImportContext, id: number): Promise<void> {
  return runJobNow(ctx.db, IMPORT_JOB, id);
}

/**
 * After a start: makes sure queued imports and those whose process died while running (no progress for
 * STALE_MS) have a due job, and starts them here (rows from before the jobs table carried imports, and a
 * takeover sooner than the lease).
 */
export async function resumeImports(ctx: ImportContext): Promise<number> {
  const stale = new Date(Date.now() - STALE_MS);
  const rows = await ctx.db
    .select({ id: productImportJobs.id })
    .from(productImportJobs)
    .where(
      or(
        eq(productImportJobs.status, ImportJobStatus.QUEUED),
        and(
          inArray(productImportJobs.status, [ImportJobStatus.CHECKING, ImportJobStatus.WRITING]),
          lt(productImportJobs.updatedAt, stale),
        ),
      ),
    );
  const now = new Date();
  for (const j of rows) await scheduleJob(ctx.db, IMPORT_JOB, j.id, now);
  for (const j of rows) void startImport(ctx, j.id).catch(() => undefined);
  return rows.length;
}

const finish = (db: Db, id: number, values: Partial<typeof productImportJobs.$inferInsert>) =>
  db
    .update(productImportJobs)
    .set({ ...values, updatedAt: new Date(), finishedAt: new Date() })
    .where(eq(productImportJobs.id, id));

/**
 * Works through one job: claims it (so two processes never run it together), reads and checks every row with
 * progress on the row, then either stores the marked copy (nothing imported) or creates all products — drafts,
 * or submitted for review — with their opening stock, and marks the job done in the same transaction.
 */
export async function processImportJob(ctx: ImportContext, id: number): Promise<void> {
  const { db } = ctx;
  const stale = new Date(Date.now() - STALE_MS);
  const [job] = await db
    .update(productImportJobs)
    .set({ status: ImportJobStatus.CHECKING, done: 0, updatedAt: new Date() })
    .where(
      and(
        eq(productImportJobs.id, id),
        or(
          eq(productImportJobs.status, ImportJobStatus.QUEUED),
          and(
            inArray(productImportJobs.status, [ImportJobStatus.CHECKING, ImportJobStatus.WRITING]),
            lt(productImportJobs.updatedAt, stale),
          ),
        ),
      ),
    )
    .returning();
  if (!job) return; // finished, or another process has it
  try {
    const body = await ctx.storage.get(job.uploadPath);
    if (!body) throw fail('IMPORT_UPLOAD_GONE');
    const rows = await readRows(body);
    await db
      .update(productImportJobs)
      .set({ total: rows.length, updatedAt: new Date() })
      .where(eq(productImportJobs.id, id));
    if (job.submit) await assertCanPublishGoods(db, job.companyId);
    const { errors, products } = await checkRows(db, rows, {
      companyId: job.companyId,
      submit: job.submit,
      onProgress: async (done) => {
        await db
          .update(productImportJobs)
          .set({ done, updatedAt: new Date() })
          .where(eq(productImportJobs.id, id));
      },
    });
    if (errors.size) {
      const resultPath = job.uploadPath.replace(/\.xlsx$/, '-errors.xlsx');
      await ctx.storage.put(resultPath, await markErrors(body, errors), XLSX_MIME);
      await finish(db, id, {
        status: ImportJobStatus.ROW_ERRORS,
        done: rows.length,
        errorRows: errors.size,
        resultPath,
        message: `${errors.size}行有错误，整个文件未导入；请下载错误文件，按红色提示修改后重新上传`,
      });
      return;
    }
    await db
      .update(productImportJobs)
      .set({ status: ImportJobStatus.WRITING, done: rows.length, updatedAt: new Date() })
      .where(eq(productImportJobs.id, id));
    const userName = await callerName(db, job.userId);
    await withCodeCheck(() =>
      db.transaction(async (t) => {
        const ids = await insertProducts(t, job.companyId, products, () => ({
          docType: 'opening',
          docId: job.id,
          docNo: `期初库存（导入${job.id}）`,
          userId: job.userId,
          userName,
          companyId: job.companyId,
        }));
        if (job.submit) {
          for (let i = 0; i < ids.length; i += 500) {
            await t.insert(productRevisions).values(
              ids.slice(i, i + 500).map((productId, k) => ({
                productId,
                companyId: job.companyId,
                status: 1,
                isEdit: false,
                content: products[i + k]!.content,
                submittedBy: job.userId,
              })),
            );
          }
        }
        await finish(t, id, {
          status: ImportJobStatus.DONE,
          created: ids.length,
          message: job.submit ? `已导入${ids.length}件商品并提交审核` : `已导入${ids.length}件商品（草稿）`,
        });
      }),
    );
  } catch (err) {
    const message = err instanceof AppError ? err.message : '导入失败，请稍后重试';
    await finish(db, id, { status: ImportJobStatus.FAILED, message });
    if (!(err instanceof AppError)) throw err;
  } finally {
    await ctx.storage.delete(job.uploadPath).catch(() => undefined);
  }
}
