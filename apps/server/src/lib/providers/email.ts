import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { loadMailer } from '../lazy.ts';
import { writeOutbox } from './outbox.ts';

/** Sends a one-time code by e-mail: over SMTP (SMTP_URL) or, without it, into the sandbox outbox. */
export interface EmailProvider {
  readonly name: string;
  readonly sandbox: boolean;
  sendCode(to: string, code: string, minutes: number): Promise<void>;
  /** Any plain-text e-mail (trade notifications). */
  send(to: string, subject: string, text: string): Promise<void>;
}

export const emailSubject = '【水务商城】邮箱验证码';
export const emailText = (code: string, minutes: number) =>
  `您的验证码为 ${code}，${minutes} 分钟内有效，仅可使用一次。\n如非本人操作，请忽略本邮件。`;

export class SandboxEmail implements EmailProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}
  async sendCode(to: string, code: string, minutes: number) {
    this.log.info({ to, code }, 'sandbox e-mail');
    await this.send(to, emailSubject, emailText(code, minutes));
  }

  async send(to: string, subject: string, text: string) {
    await writeOutbox(this.db, { channel: 'email', target: to, subject, body: text });
  }
}

/** SMTP via nodemailer. SMTP_URL like smtp://user:pass@host:587 or smtps://...; SMTP_FROM sets the sender. */
export class SmtpEmail implements EmailProvider {
  readonly name = 'smtp';
  readonly sandbox = false;
  private transport: Promise<Transporter> | undefined;
  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}
  async sendCode(to: string, code: string, minutes: number) {
    await this.send(to, emailSubject, emailText(code, minutes));
  }

  async send(to: string, subject: string, text: string) {
    this.transport ??= loadMailer().then((m) => m.createTransport(this.url));
    await (await this.transport).sendMail({ from: this.from, to, subject, text });
  }
}
