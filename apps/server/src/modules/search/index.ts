// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { GOODS_ANSWER_TTL_MS, forgetGoodsAnswers, goodsAnswer, goodsAnswerIds } from './goods-answers.ts';
export { goodsColumns, toGoodsItem } from './goods-columns.ts';
export { publicProduct } from './goods-query.ts';
export { forgetSearchVocabulary } from './vocabulary.ts';
