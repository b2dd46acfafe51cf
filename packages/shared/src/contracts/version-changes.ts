import { z } from 'zod';

/**
 * What one version of a quotation or a tender bid changed from the version before it (decision 0185): the
 * field as the supplier reads it (运费（元）, 第1行「PAC」单价（元）, 投标有效期（天）…) with the old and the new
 * value as shown. A first version has none.
 */
export const versionChange = z.object({ field: z.string(), from: z.string(), to: z.string() });
export type VersionChange = z.infer<typeof versionChange>;

/** The answer to a 修改报价 / 修改投标 whose content equals the current version: nothing is written. */
export const QUOTE_UNCHANGED = '报价内容没有变化，未生成新版本';
export const BID_UNCHANGED = '投标内容没有变化，未生成新版本';

/** "运费（元）：100.00 → 120.00；备注：无 → 含税" — one line for lists and notices. */
export const describeChanges = (changes: readonly VersionChange[]) =>
  changes.map((c) => `${c.field}：${c.from} → ${c.to}`).join('；');
