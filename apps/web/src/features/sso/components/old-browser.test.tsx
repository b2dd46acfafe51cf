import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ieVersion, isOldBrowser } from './old-browser.ts';
import { OldBrowserDialog } from './OldBrowserDialog.tsx';

const IE8 = 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)';
const IE10 = 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)';
const IE11 = 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('old browser detection (docs/product/accounts.md#sign-in-pages: IE 10 or lower)', () => {
  it('reads MSIE and Trident versions', () => {
    expect(ieVersion(IE8)).toBe(8);
    expect(ieVersion(IE10)).toBe(10);
    expect(ieVersion(IE11)).toBe(11);
    expect(ieVersion(CHROME)).toBeNull();
  });
  it('flags IE ≤ 10 only', () => {
    expect(isOldBrowser(IE8)).toBe(true);
    expect(isOldBrowser(IE10)).toBe(true);
    expect(isOldBrowser(IE11)).toBe(false);
    expect(isOldBrowser(CHROME)).toBe(false);
  });
  it('the dialog recommends Chrome with a download link for old IE, and stays away otherwise', () => {
    const { unmount } = render(<OldBrowserDialog userAgent={IE10} />);
    expect(screen.getByText(/不支持 HTML5 或版本过低/)).toBeTruthy();
    expect(screen.getByText('下载谷歌浏览器').closest('a')?.getAttribute('href')).toContain('chrome');
    unmount();
    render(<OldBrowserDialog userAgent={CHROME} />);
    expect(screen.queryByText(/不支持 HTML5 或版本过低/)).toBeNull();
  });
});
