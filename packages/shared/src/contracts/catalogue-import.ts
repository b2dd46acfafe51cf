import { z } from 'zod';

/**
 * Excel import of products (issue 11): the supplier downloads a template, fills one row per SKU and uploads it;
 * the server checks every row with the editor's rules in a job it records in the database, and the page polls
 * the job for its progress.
 */

export const IMPORT_MAX_MB = 5;
export const IMPORT_MAX_ROWS = 5000;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 0 排队中, 1 校验中, 2 写入中, 3 已完成, 4 有错误（未导入）, 5 失败. */
export const ImportJobStatus = {
  QUEUED: 0,
  CHECKING: 1,
  WRITING: 2,
  DONE: 3,
  ROW_ERRORS: 4,
  FAILED: 5,
} as const;
export const IMPORT_JOB_STATUS_LABEL: Record<number, string> = {
  0: '排队中',
  1: '校验中',
  2: '写入中',
  3: '已完成',
  4: '有错误，未导入',
  5: '导入失败',
};
export const importJobFinished = (status: number) => status >= ImportJobStatus.DONE;

const flag = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : v),
  z.coerce.number().int().min(0).max(1).optional(),
);

/** Query of the upload (the file itself is the multipart field `file`). */
export const productImportQuery = z.object({
  /** 1: submit the imported products for review (导入后提交审核); otherwise they stay drafts. */
  submit: flag,
});
export type ProductImportQuery = z.input<typeof productImportQuery>;

export const importJobIdQuery = z.object({
  id: z.coerce
    .number('编号格式不正确')
    .int('编号格式不正确')
    .positive('编号格式不正确')
    .max(2_147_483_647, '编号格式不正确'),
});

export const importJobView = z.object({
  sysNo: z.number().int(),
  status: z.number().int(),
  fileName: z.string(),
  submit: z.boolean(),
  /** Data rows in the file (0 until it has been read). */
  total: z.number().int(),
  /** Rows checked so far (equal to total once checking is over). */
  done: z.number().int(),
  /** Rows with at least one error. */
  errorRows: z.number().int(),
  /** Products created (0 unless status is 已完成). */
  created: z.number().int(),
  /** A copy of the upload with each row's error can be downloaded. */
  hasErrorFile: z.boolean(),
  /** Why the whole file was refused (wrong template, too many rows …), or the outcome in words. */
  message: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJobView = z.infer<typeof importJobView>;
