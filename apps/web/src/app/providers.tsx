import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../lib/api.ts';

dayjs.locale('zh-cn');

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // Business errors will not fix themselves on retry; transport errors may.
      retry: (count, err) => count < 1 && !(err instanceof ApiError && err.code > 0),
    },
  },
});

/**
 * Whether the user asked the system for less motion: then no component animates (modals, popovers, menus and
 * messages appear and go at once). Also what keeps the browser tests from clicking a bubble still zooming in.
 */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export const theme = {
  token: {
    motion: !prefersReducedMotion(),
    colorPrimary: '#0b6bcb',
    borderRadius: 6,
    // The same font list as styles.css, so Ant Design components and plain text match.
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
  },
};

// No antd <App> wrapper: nothing uses App.useApp(), and it would add ~30 KB gzip to every first load.
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
