import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { MSG, SMS_RESEND_S } from '@aquamall/shared';

type Phase = 'idle' | 'loading' | 'counting' | 'resend';

/**
 * SMS code button (docs/product/accounts.md#sms-code-button): idle text, then 获取中 while sending, then a 60 second countdown, then a resend
 * label. `onSend` returns true when a code was sent (false or a throw goes back to the previous label).
 */
export function SmsCodeButton({ onSend, idleText = '获取验证码', disabled }: { onSend: () => Promise<boolean>; idleText?: string; disabled?: boolean }) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => () => void (timer.current && clearInterval(timer.current)), []);

  const click = async () => {
    const before = phase;
    setPhase('loading');
    let sent = false;
    try {
      sent = await onSend();
    } catch {
      sent = false;
    }
    if (!sent) return setPhase(before);
    setPhase('counting');
    setLeft(SMS_RESEND_S);
    timer.current = setInterval(() => {
      setLeft((n) => {
        if (n <= 1) {
          if (timer.current) clearInterval(timer.current);
          setPhase('resend');
          return 0;
        }
        return n - 1;
      });
    }, 1000);
  };

  const label = phase === 'loading' ? MSG.smsLoading : phase === 'counting' ? `${left}秒后重新获取` : phase === 'resend' ? '重新获取' : idleText;
  return (
    <Button size="large" onClick={click} disabled={disabled || phase === 'loading' || phase === 'counting'} style={{ width: 130, flex: 'none' }}>
      {label}
    </Button>
  );
}
