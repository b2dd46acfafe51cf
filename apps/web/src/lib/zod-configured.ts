import * as z from 'zod/v4';

/**
 * What `import … from 'zod'` means in the web app (vite.config.ts points the bare specifier here): zod configured
 * before any schema is built, wherever the first one is.
 * - jitless: the server's Content-Security-Policy has no 'unsafe-eval', and zod probes `new Function` for its JIT
 *   the first time an object schema is built (a CSP violation in the console);
 * - validation messages in Chinese (zod's zh-CN locale, as packages/shared/src/zod.ts sets on the server).
 * It used to be done by the entry module, which put zod (~6 KB gzip) into every first load, also on pages that
 * build no schema at all, like the mall home (docs/decisions/0193).
 */
z.config({ jitless: true });
z.config(z.locales.zhCN());

export * from 'zod/v4';
export { z, z as default };
