import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { EmptyState, LoadError } from './Skeletons.tsx';

afterEach(cleanup);

describe('load states', () => {
  it('an error state offers a retry', () => {
    const retry = vi.fn();
    render(<LoadError onRetry={retry} text="公告加载失败" />);
    expect(screen.getByRole('alert').textContent).toContain('公告加载失败');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(retry).toHaveBeenCalledOnce();
  });
  it('an empty state says so', () => {
    render(<EmptyState text="暂无公告" />);
    expect(screen.getByText('暂无公告')).toBeTruthy();
  });
});
