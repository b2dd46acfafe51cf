import { useCallback, useState } from 'react';
import { Input, Tooltip } from 'antd';
import { CAPTCHA_LENGTH } from '@aquamall/shared';
import { captchaImageUrl } from '../api/sso.ts';

export const newCaptchaId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** A captcha id plus a way to refresh it (a new random id loads a new image). */
export function useCaptcha() {
  const [id, setId] = useState(newCaptchaId);
  const refresh = useCallback(() => setId(newCaptchaId()), []);
  return { id, refresh };
}

interface Props {
  captchaId: string;
  onRefresh: () => void;
  value?: string;
  onChange?: (value: string) => void;
}

/** picture captcha (docs/product/interface.md#input-rules): 4 characters; clicking the image refreshes it with a new random id. */
export function CaptchaInput({ captchaId, onRefresh, value, onChange }: Props) {
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        maxLength={CAPTCHA_LENGTH}
        placeholder="请输入图形验证码"
        autoComplete="off"
        size="large"
      />
      <Tooltip title="看不清？点击换一张">
        <img
          src={captchaImageUrl(captchaId)}
          alt="图形验证码"
          data-captcha-id={captchaId}
          onClick={onRefresh}
          style={{ width: 110, height: 40, cursor: 'pointer', border: '1px solid var(--am-border)', borderRadius: 6, flex: 'none' }}
        />
      </Tooltip>
    </div>
  );
}
