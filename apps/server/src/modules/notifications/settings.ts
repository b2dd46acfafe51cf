import { eq } from 'drizzle-orm';
import {
  channelChosen,
  maskPhone,
  NOTICE_CATEGORY_KEYS,
  NOTICE_CHANNELS,
  type NoticeSettings,
  type NoticeSettingsInput,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { noticeSettings, users } from '../../db/schema/index.ts';
import type { OutboundChannels } from './outbound.ts';

/**
 * The caller's notification settings (消息设置, docs/product/notifications.md#settings): every category × channel
 * (the saved choice or the catalogue's default), whether this deployment carries each channel and whether the
 * caller bound it, and the SMS quiet hours.
 */
export async function noticeSettingsOf(db: Db, ch: OutboundChannels, userId: number): Promise<NoticeSettings> {
  const [row] = await db
    .select({
      phone: users.phone,
      email: users.email,
      openId: users.wechatOpenId,
      choices: noticeSettings.choices,
      quietOn: noticeSettings.quietOn,
      quietStart: noticeSettings.quietStart,
      quietEnd: noticeSettings.quietEnd,
    })
    .from(users)
    .leftJoin(noticeSettings, eq(noticeSettings.userId, users.id))
    .where(eq(users.id, userId));
  const saved = row?.choices ?? {};
  const choices: Record<string, boolean> = {};
  for (const cat of NOTICE_CATEGORY_KEYS)
    for (const ch of NOTICE_CHANNELS) choices[`${cat}.${ch}`] = channelChosen(saved, cat, ch);
  const on = ch;
  const state = (channel: 'sms' | 'wechat' | 'email', target: string | null | undefined, shown: string) => ({
    available: on[channel] !== null,
    bound: !!target,
    target: target ? shown : '',
  });
  return {
    channels: {
      sms: state('sms', row?.phone, maskPhone(row?.phone)),
      wechat: state('wechat', row?.openId, '已绑定微信'),
      email: state('email', row?.email, row?.email ?? ''),
    },
    choices,
    quietOn: row?.quietOn ?? false,
    quietStart: row?.quietStart ?? '22:00',
    quietEnd: row?.quietEnd ?? '08:00',
  };
}

/** Saves the caller's choices (known category × channel keys only) and quiet hours. */
export async function saveNoticeSettings(db: Db, ch: OutboundChannels, userId: number, input: NoticeSettingsInput): Promise<NoticeSettings> {
  const known = new Set(NOTICE_CATEGORY_KEYS.flatMap((c) => NOTICE_CHANNELS.map((ch) => `${c}.${ch}`)));
  const choices = Object.fromEntries(Object.entries(input.choices).filter(([k]) => known.has(k)));
  const values = { choices, quietOn: input.quietOn, quietStart: input.quietStart, quietEnd: input.quietEnd, updatedAt: new Date() };
  await db
    .insert(noticeSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: noticeSettings.userId, set: values });
  return noticeSettingsOf(db, ch, userId);
}
