import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Code, ImportJobStatus } from '@aquamall/shared';
import { fileEndpoints, productImportEndpoints, enquiryEndpoints } from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../test/app.ts';
import { files, productImportJobs, products } from '../db/schema/index.ts';
import { makePurchaser, makeSupplier, multipartBody } from '../test/factories/index.ts';
import { zipBombs } from '../test/zip-bombs.ts';
import { importRun } from '../modules/products/import-jobs.ts';
import { ZIP_REFUSED } from '../lib/zip-guard.ts';
import { OFD_REFUSED } from '../modules/files/upload.ts';

/**
 * Zip bombs against every route that takes an uploaded file (docs/decisions/0170-upload-bombs.md): each
 * shape is refused with a Chinese message, nothing is stored or imported, the answer comes fast, and the
 * process's resident memory barely moves while it is read (a 1 MB archive that inflates to 1 GiB used to take
 * the worker to 3.4 GB).
 */

let t: TestApp;
let supplier: Awaited<ReturnType<typeof makeSupplier>>;
let buyer: Awaited<ReturnType<typeof makePurchaser>>;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await createTestApp();
  supplier = await makeSupplier(t.database.db, '炸弹供应商');
  buyer = await makePurchaser(t.database.db, '炸弹采购商');
});
afterAll(async () => t?.close());

async function post(url: string, token: string, field: string, name: string, body: Buffer) {
  const { payload, headers } = await multipartBody([{ field, name, body, type: XLSX }]);
  const started = Date.now();
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'x-token': token } });
  return { json: res.json() as { code: number; message: string; data: { sysNo?: number } | null }, ms: Date.now() - started };
}

/** Runs `work` while sampling the resident set size; answers the largest growth over the start, in MB. */
async function rssGrowth(work: () => Promise<void>): Promise<number> {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return (peak - start) / MB;
}

const upload = (name: string) => ({ url: '/UploadHandler.ashx?appName=invoice', field: 'storefile', name });

describe('zip bombs are refused by every upload and import route', () => {
  it('covers every route that takes a file', () => {
    // A new multipart route must be added to the cases below (and so to this list).
    const taking = Object.entries({ ...fileEndpoints, ...productImportEndpoints, ...enquiryEndpoints })
      .filter(([, e]) => e.method === 'POST' && /multipart|upload/i.test(e.summary) && !/status|list/i.test(e.path))
      .map(([name]) => name)
      .sort();
    expect(taking).toEqual(['enquiryImportLines', 'fileUpload', 'fileUploadHandler', 'productImportUpload']);
  });

  it('product import: refused at the upload (before a job exists) or by the job, nothing imported, memory flat', async () => {
    const growth = await rssGrowth(async () => {
      for (const bomb of zipBombs('xlsx')) {
        const res = await post('/api/myproduct/import', supplier.admin.token, 'file', 'bomb.xlsx', bomb.body);
        if (bomb.byDirectory) {
          expect(res.json, bomb.name).toMatchObject({ code: Code.INVALID, message: ZIP_REFUSED });
          expect(res.ms, bomb.name).toBeLessThan(3000);
          continue;
        }
        // The lying header passes the directory: the job inflates it as a counted stream and gives up.
        expect(res.json.code, bomb.name).toBe(0);
        const id = res.json.data!.sysNo!;
        await importRun(id);
        const [job] = await t.database.db.select().from(productImportJobs).where(eq(productImportJobs.id, id));
        expect(job, bomb.name).toMatchObject({ status: ImportJobStatus.FAILED, message: ZIP_REFUSED, created: 0 });
      }
    });
    const [n] = await t.database.db.select({ n: count() }).from(products).where(eq(products.companyId, supplier.id));
    expect(n!.n).toBe(0);
    expect(growth).toBeLessThan(200);
  }, 120_000);

  it('enquiry lines from a sheet: every shape refused in words, memory flat', async () => {
    const growth = await rssGrowth(async () => {
      for (const bomb of zipBombs('xlsx')) {
        const res = await post('/api/enquiry/importLines', buyer.token, 'file', 'lines.xlsx', bomb.body);
        expect(res.json, bomb.name).toMatchObject({ code: Code.INVALID, message: ZIP_REFUSED, data: null });
        if (bomb.byDirectory) expect(res.ms, bomb.name).toBeLessThan(3000);
      }
    });
    expect(growth).toBeLessThan(200);
  }, 120_000);

  it('OFD invoices: every shape refused, nothing stored; a zip under any other name is not a document', async () => {
    const stored = async () => (await t.database.db.select({ n: count() }).from(files).where(eq(files.companyId, supplier.id)))[0]!.n;
    const before = await stored();
    const growth = await rssGrowth(async () => {
      for (const bomb of zipBombs('ofd')) {
        const { url, field, name } = upload('invoice.ofd');
        const res = await post(url, supplier.admin.token, field, name, bomb.body);
        expect(res.json, bomb.name).toMatchObject({ code: Code.INVALID, message: OFD_REFUSED });
        expect(res.ms, bomb.name).toBeLessThan(3000);
      }
      // Every other folder and the plain upload take images (and PDFs) only: an archive is refused by its type.
      const [bomb] = zipBombs('ofd');
      for (const [url, name] of [
        ['/file/upload', 'a.png'],
        ['/UploadHandler.ashx?appName=bid', 'a.pdf'],
        ['/UploadHandler.ashx?appName=enquiry', 'a.pdf'],
        ['/UploadHandler.ashx?appName=product', 'a.jpg'],
      ] as const) {
        const res = await post(url, supplier.admin.token, 'storefile', name, bomb!.body);
        expect(res.json, url).toMatchObject({ code: Code.INVALID });
      }
    });
    expect(await stored()).toBe(before);
    expect(growth).toBeLessThan(200);
  }, 120_000);
});
