import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * antd's ConfigProvider imports its tooltip UniqueProvider (and with it @rc-component/trigger) for an option this
 * app does not use: that one import is pointed at src/lib/antd/tooltip-unique.tsx, which loads the real provider
 * only if it is ever rendered (docs/decisions/0193). Every other import of trigger (dropdowns, popovers) is
 * untouched and loads with the components that use it.
 */
const tooltipUnique = fileURLToPath(new URL('./src/lib/antd/tooltip-unique.tsx', import.meta.url));
/** zod as the web app uses it: configured on first import (jitless, zh-CN messages), not by the entry module. */
const zodConfigured = fileURLToPath(new URL('./src/lib/zod-configured.ts', import.meta.url));

const lazyAntdParts = {
  name: 'aquamall-lazy-antd-parts',
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined) {
    if (source === '../tooltip/UniqueProvider' && importer && /antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer)) {
      return tooltipUnique;
    }
    return null;
  },
};

const apiTarget = process.env.AQUAMALL_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [lazyAntdParts, react()],
  resolve: { alias: [{ find: /^zod$/, replacement: zodConfigured }] },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, ws: true },
      '/f': apiTarget,
      '/file': apiTarget,
      '/UploadHandler.ashx': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // The mall shell's small modules (site data hooks, footer, top bar helpers, session, shared constants)
        // in one chunk: each file on the first load costs its response headers (~1 KB with the security
        // headers), more than many of these modules weigh (docs/decisions/0061-search-at-scale.md). Only the dayjs
        // files the home runs (core, zh-cn, the China-time plugins): a group takes every module its test matches,
        // so the date pickers' plugins would ride on every first load (decision 0221). A group also takes what its
        // modules import: the guarded route (session/RequireAuth.tsx, which draws antd's Spin) is left out and
        // imported from its own file, so Spin and its styles load with the guarded pages only (decision 0234).
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /apps[\\/]web[\\/]src[\\/](lib[\\/](site-content|current-user|cart-count|format|image|store|storage|session|throttle|use-scrolled-past)|components[\\/](Img|Skeletons|NavAnchor)|features[\\/]session[\\/](?!RequireAuth))|packages[\\/]shared[\\/]src[\\/](enums|format|constants|messages|china-time)\.ts|node_modules[\\/]dayjs[\\/](dayjs\.min|locale[\\/]zh-cn|plugin[\\/](utc|timezone))\.js|@ant-design[\\/]icons(-svg)?[\\/]es[\\/](asn|icons)[\\/](AppstoreOutlined|RightOutlined|DownOutlined)\.js/,
            },
            {
              // The mall's frame on every mall page (top bar, search, navigation, category menu) in one file rather
              // than four; the three icons the frame draws go with the shell above (decision 0180).
              name: 'mall-frame',
              test: /apps[\\/]web[\\/]src[\\/]features[\\/]mall[\\/](layout[\\/]|api[\\/]session-user)/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Rendering antd pages in jsdom takes seconds on a busy 2-core machine: a time limit is a safety net only.
    testTimeout: 60_000,
  },
});
