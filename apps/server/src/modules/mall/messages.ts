import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md.
 */
export const mallErrors = defineErrors({
  ARTICLE_NOT_FOUND: { kind: 'notFound', message: '文章不存在或已下线' },
  MALL_GOODS_NOT_FOUND: { kind: 'notFound', message: '商品不存在或已下架' },
  NOTICE_NOT_FOUND: { kind: 'notFound', message: '公告不存在或未发布' },
  OPEN_ENQUIRY_NOT_FOUND: { kind: 'notFound', message: '询价单不存在或未公开' },
  SHOP_NOT_FOUND: { kind: 'notFound', message: '店铺不存在或已关闭' },
});

/** Raises one of this module's errors: `throw fail('ARTICLE_NOT_FOUND')`. */
export const fail = raiserOf(mallErrors);
