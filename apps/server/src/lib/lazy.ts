/**
 * Modules that only rare routes need, loaded on first use instead of at start (decisions 0081, 0086): a worker
 * that never makes a PDF, a QR code or a workbook does not carry them. Each costs the first caller one import
 * (a few ms, once per process); a failed load is retried on the next call.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}

/** sharp (uploads, demo images): its native library costs ~20 MB of resident memory. */
export const loadSharp = lazy(() => import('sharp').then((m) => m.default));
/** exceljs (Excel exports and imports): ~33 MB resident at start. */
export const loadExcel = lazy(() => import('exceljs').then((m) => m.default));
/** @node-rs/argon2 (password hashing, at the first sign-in or password change): ~5 MB of native library. */
export const loadArgon2 = lazy(() => import('@node-rs/argon2'));
/** pdf-lib (credit statements, e-sign contracts): ~10 MB resident with its fonts and pako. */
export const loadPdfLib = lazy(() => import('pdf-lib'));
/** ioredis, only when REDIS_URL is set: ~9 MB resident. */
export const loadRedis = lazy(() => import('ioredis').then((m) => m.Redis));
/** nodemailer, only with SMTP_URL: ~2 MB. */
export const loadMailer = lazy(() => import('nodemailer').then((m) => m.default));
/** svg-captcha, on the first picture captcha: parses a TrueType font with opentype.js (~1.5 MB). */
export const loadCaptcha = lazy(() => import('svg-captcha').then((m) => m.default));
/** qrcode (two-factor set-up, WeChat sign-in, demo images). */
export const loadQrCode = lazy(() => import('qrcode').then((m) => m.default));
/** otplib (two-factor sign-in). */
export const loadOtp = lazy(() => import('otplib'));
/** jszip (personal-data export). */
export const loadZip = lazy(() => import('jszip').then((m) => m.default));
/** file-type (uploads' content sniffing). */
export const loadFileType = lazy(() => import('file-type'));
