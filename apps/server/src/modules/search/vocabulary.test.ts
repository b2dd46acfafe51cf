import { describe, expect, it } from 'vitest';
import { buildVocabulary, planKeyword, planTerm } from './vocabulary.ts';

// Keyword planning (docs/decisions/0176): equivalent terms both ways, trade names from a generic word and the
// generic word back from a trade name, category names at every level with their subtrees.
const v = buildVocabulary(
  [
    { terms: ['聚合氯化铝', 'pac', '聚铝'], related: [] },
    { terms: ['聚合硫酸铁', 'pfs'], related: [] },
    { terms: ['絮凝剂', '混凝剂', '净水剂'], related: ['pac', 'pfs'] },
  ],
  [
    { code: '01', name: '水处理药剂', hidden: false },
    { code: '0101', name: '絮凝剂', hidden: false },
    { code: '010101', name: '聚合氯化铝', hidden: false },
    { code: '010102', name: '聚合硫酸铁', hidden: false },
    { code: '010103', name: '聚合氯化铝铁', hidden: false },
    { code: '0102', name: '旧药剂', hidden: true },
  ],
);

describe('keyword planning', () => {
  it('expands a generic word to its equivalents, its trade names and theirs, and its category subtree', () => {
    const p = planTerm(v, '净水剂');
    expect(p.same).toEqual(['净水剂', '絮凝剂', '混凝剂']);
    expect(p.strong).toEqual(expect.arrayContaining(['净水剂', '絮凝剂', '混凝剂', 'pac', '聚合氯化铝', '聚铝', 'pfs', '聚合硫酸铁']));
    expect(p.weak).toEqual([]);
    expect(p.codes).toEqual(['0101', '010101', '010102', '010103']);
  });

  it('finds the generic words back from a trade name or its synonym, as weak words, without the siblings', () => {
    for (const term of ['pac', '聚铝']) {
      const p = planTerm(v, term);
      expect(p.strong.sort()).toEqual(['pac', '聚合氯化铝', '聚铝'].sort());
      expect(p.weak.sort()).toEqual(['净水剂', '混凝剂', '絮凝剂'].sort());
      // its own category only: an exact name beats a longer one containing it (聚合氯化铝铁)
      expect(p.codes).toEqual(['010101']);
    }
  });

  it('matches a part of a category name when no name is exact, never a hidden one, never by one character', () => {
    expect(planTerm(v, '絮凝').codes).toEqual(['0101', '010101', '010102', '010103']);
    // 水处理药剂's subtree, the hidden child included (as the category filter does); 旧药剂 is not matched by name
    expect(planTerm(v, '药剂').codes).toEqual(['01', '0101', '010101', '010102', '010103', '0102']);
    expect(planTerm(v, '旧药剂').codes).toEqual([]);
    expect(planTerm(v, '剂').codes).toEqual([]);
    expect(planTerm(v, '水泵')).toEqual({ term: '水泵', same: ['水泵'], strong: ['水泵'], weak: [], codes: [] });
  });

  it('plans each term of a keyword, normalized', () => {
    expect(planKeyword(v, '  ＰＡＣ   饮用水 ')?.map((p) => p.term)).toEqual(['pac', '饮用水']);
    expect(planKeyword(v, '   ')).toBeNull();
  });
});
