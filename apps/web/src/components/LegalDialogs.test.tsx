import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AgreementDialog } from './AgreementDialog.tsx';
import { PrivacyDialog } from './PrivacyDialog.tsx';

afterEach(cleanup);

describe('agreement dialog', () => {
  it('states the terms of docs/product/merchants.md#service-agreement with the platform as 甲方 and closes by cancel', () => {
    const onCancel = vi.fn();
    render(<AgreementDialog open onCancel={onCancel} />);
    expect(screen.getByText('平台商家入驻协议')).toBeTruthy();
    const text = document.body.textContent ?? '';
    for (const term of ['甲方：B2B企业服务平台', '营业执照、税务登记证明、组织机构代码证明', '调整商家入驻条件', '提前一个月', '15日内', '30日', '10日内', '100,000元', '10,000元']) {
      expect(text).toContain(term);
    }
    fireEvent.click(screen.getByRole('button', { name: '取 消' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
  it('offers 同意 only when the caller asks for it', () => {
    const onAgree = vi.fn();
    render(<AgreementDialog open onCancel={() => {}} onAgree={onAgree} />);
    fireEvent.click(screen.getByRole('button', { name: '同 意' }));
    expect(onAgree).toHaveBeenCalledOnce();
  });
  it('is not shown until opened', () => {
    render(<AgreementDialog open={false} onCancel={() => {}} />);
    expect(screen.queryByText('平台商家入驻协议')).toBeNull();
  });
});

describe('privacy dialog', () => {
  it('states enterprise users, adult handlers, mainland storage and the reply times', () => {
    render(<PrivacyDialog open onCancel={() => {}} />);
    const text = document.body.textContent ?? '';
    for (const term of ['企业用户', '年满十八周岁', '均存储于中国大陆境内', '10日内答复', '30日内予以回复']) {
      expect(text).toContain(term);
    }
  });
});
