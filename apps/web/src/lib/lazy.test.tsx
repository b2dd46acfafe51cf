import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { lazyNamed, lazyPage } from './lazy.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Hello({ who }: { who: string }) {
  return <p>你好，{who}</p>;
}

describe('lazy routes', () => {
  it('loads a named export, with fixed props when given', async () => {
    const { Component } = await lazyNamed(async () => ({ Hello }), 'Hello', { who: '采购商' })();
    render(<Component />);
    expect(screen.getByText('你好，采购商')).toBeTruthy();
  });

  it('fails a page that does not load within the limit', async () => {
    vi.useFakeTimers();
    const pending = lazyPage(() => new Promise(() => {}), 120_000)();
    vi.advanceTimersByTime(120_000);
    await expect(pending).rejects.toThrow('页面加载超时');
  });
});
