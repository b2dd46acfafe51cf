import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SmsCodeButton } from './SmsCodeButton.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SMS code button (docs/product/accounts.md#sms-code-button)', () => {
  it('goes idle → 获取中 → 60 s countdown → resend', async () => {
    vi.useFakeTimers();
    let finish: (v: boolean) => void = () => {};
    render(<SmsCodeButton onSend={() => new Promise<boolean>((r) => (finish = r))} />);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(screen.getByRole('button').textContent).toBe('获取中');
    await act(async () => finish(true));
    expect(screen.getByRole('button').textContent).toBe('60秒后重新获取');
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole('button').textContent).toBe('1秒后重新获取');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button').textContent).toBe('重新获取');
  });

  it('returns to the idle label when sending fails', async () => {
    render(<SmsCodeButton onSend={async () => false} />);
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(screen.getByRole('button').textContent).toBe('获取验证码');
  });
});
