import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { reconResolveInput } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { DecisionModal, DecisionNote } from './DecisionModal.tsx';

// jsdom has no ResizeObserver; antd's text areas measure with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(cleanup);
const rules = formRules(reconResolveInput);

function open(onSubmit: (v: { note: string }) => Promise<unknown>, onClose = vi.fn()) {
  render(
    <DecisionModal<{ note: string }> title="处理对账差异（长款）" okText="确认处理" pending={false} summary={<p>2026-12-06 微信支付 · 支付单 ZF1</p>} onSubmit={onSubmit} onClose={onClose}>
      <DecisionNote name="note" label="处理说明" rules={rules.note} extra="处理人和时间将被记录，并写入操作日志。" />
    </DecisionModal>,
  );
  return onClose;
}

describe('the console decision dialog', () => {
  it('shows what is decided; an empty note is refused by the command’s rules, a written one is submitted and closes the dialog', async () => {
    const onSubmit = vi.fn(() => Promise.resolve({}));
    const onClose = open(onSubmit);
    expect(screen.getByText('2026-12-06 微信支付 · 支付单 ZF1')).toBeTruthy();
    expect(screen.getByText('处理人和时间将被记录，并写入操作日志。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确认处理' }));
    expect(await screen.findByText('请填写处理说明', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '渠道已补单' } });
    fireEvent.click(screen.getByRole('button', { name: '确认处理' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    expect(onSubmit).toHaveBeenCalledWith({ note: '渠道已补单' });
  });

  it('stays open when the command is refused', async () => {
    const onSubmit = vi.fn(() => Promise.reject(new Error('该差异已处理')));
    const onClose = open(onSubmit);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '重复处理' } });
    fireEvent.click(screen.getByRole('button', { name: '确认处理' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    await new Promise((r) => setTimeout(r, 20));
    expect(onClose).not.toHaveBeenCalled();
  });
});
