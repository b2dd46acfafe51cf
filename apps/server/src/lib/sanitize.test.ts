import { describe, expect, it } from 'vitest';
import { sanitizeArticle } from '../modules/admin/sanitize.ts';
import { safeHtml } from './sanitize.ts';

const stored =
  '<p class="ant-btn ant-btn-primary" style="color:red">看 <a class="x" href="https://evil.example.com/a" rel="follow" target="_self">外链</a>' +
  ' <a href="/mall/goods/1" target="_blank" rel="opener">站内</a> <a href="mailto:sales@example.com">邮件</a></p>';

describe('public rich text (goods details, tender and notice pages, news)', () => {
  for (const [what, clean] of [
    ['safeHtml', safeHtml],
    ['sanitizeArticle', sanitizeArticle],
  ] as const) {
    it(`${what}: keeps no class, and marks every external link nofollow noopener noreferrer`, () => {
      const html = clean(stored);
      expect(html).not.toContain('class=');
      expect(html).toContain('style="color:red"');
      expect(html).toContain('<a href="https://evil.example.com/a" target="_blank" rel="nofollow noopener noreferrer">外链</a>');
      // A link inside the site stays in the tab and carries no rel of its own choosing.
      expect(html).toContain('<a href="/mall/goods/1">站内</a>');
      expect(html).toContain('<a href="mailto:sales@example.com">邮件</a>');
      expect(clean('<a href="HTTP://Example.com">x</a>')).toContain('rel="nofollow noopener noreferrer"');
    });
  }
});
