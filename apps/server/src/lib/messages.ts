import { defineErrors } from '@aquamall/shared';
import { raiserOf } from './errors.ts';

/**
 * The errors lib/ and plugins/ raise by identity (the kernel's catalogue; each module has its own
 * `modules/<m>/messages.ts`). How to add one: docs/errors.md.
 */
export const kernelErrors = defineErrors({
  /** A partner not configured in this deployment (each call answers this and changes nothing). */
  SMS_OFF: { kind: 'invalid', message: '短信登录暂未开通，请使用账号密码登录' },
  SMS_REGISTER_OFF: { kind: 'invalid', message: '短信服务暂未开通，暂时无法注册，请联系平台' },
  SMS_FORGET_OFF: { kind: 'invalid', message: '短信服务暂未开通，暂时无法找回密码，请联系平台' },
  SMS_SERVICE_OFF: { kind: 'invalid', message: '短信服务暂未开通，请联系平台' },
  EMAIL_OFF: { kind: 'invalid', message: '邮箱验证码登录暂未开通，请使用其他方式登录' },
  WECHAT_OFF: { kind: 'invalid', message: '微信扫码登录暂未开通，请使用其他方式登录' },
  PARTNER_UNAVAILABLE: { kind: 'invalid', message: (p: { service: string }) => `${p.service}服务暂未开通，请联系平台` },
  /** An archive too large, too packed or broken: nothing of it is used. */
  ZIP_REFUSED: { kind: 'invalid', message: '文件内容过大或格式异常，无法导入' },
  /** An upload that is not a readable workbook at all. */
  XLSX_UNREADABLE: { kind: 'invalid', message: '文件无法读取，请使用下载的模板（.xlsx）填写' },
  BAD_CHARACTER: { kind: 'invalid', message: '请求数据包含非法字符' },
  UNSUPPORTED_MEDIA_TYPE: { kind: 'invalid', message: '不支持的请求数据类型' },
  /** The rate-limit plugin's answer (HTTP 429). */
  THROTTLED: { kind: 'throttled', message: '操作过于频繁，请稍后再试' },
});

/** Raises one of the kernel's errors: `throw failKernel('ZIP_REFUSED')`. */
export const failKernel = raiserOf(kernelErrors);
/** A partner-off identity `requireSms` may answer with. */
export type SmsOff = 'SMS_OFF' | 'SMS_REGISTER_OFF' | 'SMS_FORGET_OFF' | 'SMS_SERVICE_OFF';
