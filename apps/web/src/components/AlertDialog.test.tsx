import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AlertDialog } from './AlertDialog.tsx';
import { ImagePreview } from './ImagePreview.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AlertDialog', () => {
  it('shows the countdown and closes itself when it ends', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<AlertDialog open kind="success" title="提交成功" autoClose={3} onClose={onClose} />);
    expect(screen.getByText('3 秒后自动关闭')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1100));
    expect(screen.getByText('2 秒后自动关闭')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2000));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('confirm has cancel and OK; OK runs the action then closes', () => {
    const onOk = vi.fn();
    const onClose = vi.fn();
    render(<AlertDialog open kind="confirm" title="确定删除该商品吗？" onOk={onOk} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '取 消' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onOk).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(onOk).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('error and warn kinds have only an acknowledgement', () => {
    render(<AlertDialog open kind="error" title="操作失败" onClose={() => {}} />);
    expect(screen.queryByRole('button', { name: '取 消' })).toBeNull();
    expect(screen.getByRole('button', { name: '知道了' })).toBeTruthy();
  });
});

describe('ImagePreview', () => {
  it('shows the 1080 px copy and closes on any key press', () => {
    const onClose = vi.fn();
    render(<ImagePreview src="products/a.png" alt="大图" onClose={onClose} />);
    expect(screen.getByAltText('大图').getAttribute('src')).toBe('/f/w1080/products/a.png');
    fireEvent.keyDown(window, { key: 'a' });
    expect(onClose).toHaveBeenCalledOnce();
  });
  it('closes on a click', () => {
    const onClose = vi.fn();
    render(<ImagePreview src="products/a.png" onClose={onClose} />);
    fireEvent.click(screen.getByRole('dialog', { name: '图片预览' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
  it('renders nothing without an image', () => {
    render(<ImagePreview src="" onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('useAlertDialog', () => {
  it('opens from a handler and closes by its countdown', async () => {
    vi.useFakeTimers();
    const { useAlertDialog } = await import('./use-alert-dialog.tsx');
    const closed = vi.fn();
    function Page() {
      const [alert, holder] = useAlertDialog();
      return (
        <>
          <button onClick={() => alert({ kind: 'warn', title: '请先完善企业信息', autoClose: 2, onClose: closed })}>提交</button>
          {holder}
        </>
      );
    }
    render(<Page />);
    expect(screen.queryByText('请先完善企业信息')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(screen.getByText('请先完善企业信息')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2100));
    expect(closed).toHaveBeenCalledOnce();
  });
});
