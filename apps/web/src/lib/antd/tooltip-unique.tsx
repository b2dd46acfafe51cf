import { lazy, Suspense, type ReactNode } from 'react';

/**
 * What antd's ConfigProvider renders around the app when `tooltip.unique` is configured (one shared tooltip
 * popup). vite.config.ts points the ConfigProvider's import here: the real provider pulls @rc-component/trigger
 * (~12 KB gzip) into the first load of every page although this app never sets `tooltip.unique`; should it
 * ever, the real one loads on demand (docs/decisions/0193).
 */
const Real = lazy(() => import('antd/es/tooltip/UniqueProvider/index.js'));

export default function UniqueProvider({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <Real>{children}</Real>
    </Suspense>
  );
}
