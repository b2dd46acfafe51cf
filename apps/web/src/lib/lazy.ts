import { createElement } from 'react';
import { PAGE_LOAD_TIMEOUT_S } from '@aquamall/shared/constants';

/**
 * Route `lazy` loader with the spec's limit: a lazily loaded page that does not load within 120 seconds
 * fails (docs/product/interface.md#page-titles-and-loading). Use as `lazy: lazyPage(() => import('./pages/x.tsx'))`; the module's default export is
 * the page component.
 */
export function lazyPage(load: () => Promise<{ default: React.ComponentType }>, timeoutMs = PAGE_LOAD_TIMEOUT_S * 1000) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('页面加载超时')), timeoutMs);
    });
    try {
      const mod = await Promise.race([load(), timeout]);
      return { Component: mod.default };
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Route `lazy` loader for a named export, e.g. a layout: `lazy: lazyNamed(() => import('./X.tsx'), 'XLayout')`.
 * Pass `props` to render it with fixed props (`lazyNamed(() => import('./LaterRelease.tsx'), 'LaterRelease', { title })`).
 * Keeps layouts and their widgets out of the first load of unrelated pages (decision 0030).
 */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  props?: M[K] extends React.ComponentType<infer P> ? P : never,
  timeoutMs = PAGE_LOAD_TIMEOUT_S * 1000,
) {
  return lazyPage(async () => {
    const Component = (await load())[name] as React.ComponentType<object>;
    return { default: props ? () => createElement(Component, props as object) : Component };
  }, timeoutMs);
}
