import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { SearchBar } from './SearchBar.tsx';

afterEach(cleanup);

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderAt(url: string, group: 0 | 2 | 3) {
  const router = createMemoryRouter([{ path: '*', element: <><SearchBar group={group} siteName="测试平台" /><Where /></> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
}

const box = () => screen.getByRole('textbox', { name: '搜索关键词' }) as HTMLInputElement;
const submit = () => fireEvent.submit(screen.getByRole('search'));
const where = () => screen.getByTestId('where').textContent;

describe('SearchBar', () => {
  it('group 0 offers 商品 and 店铺; a store search goes to shopList with name', () => {
    renderAt('/mall/home', 0);
    fireEvent.click(screen.getByRole('button', { name: /搜索类型/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['商品', '店铺']);
    fireEvent.click(screen.getByRole('option', { name: '店铺' }));
    fireEvent.change(box(), { target: { value: '  环保  ' } });
    submit();
    expect(where()).toBe(`/mall/shopList?name=${encodeURIComponent('环保')}`);
  });

  it('group 2 searches purchasers by companyName, group 3 news by title', () => {
    renderAt('/mall/enquiry', 2);
    expect(screen.getByRole('button', { name: /搜索类型/ }).textContent).toBe('采购商');
    fireEvent.change(box(), { target: { value: '水务' } });
    submit();
    expect(where()).toBe(`/mall/enquiry?companyName=${encodeURIComponent('水务')}`);
    cleanup();
    renderAt('/mall/notice', 3);
    fireEvent.change(box(), { target: { value: '政策' } });
    submit();
    expect(where()).toBe(`/mall/notice?title=${encodeURIComponent('政策')}`);
  });

  it('keeps at most 40 characters and shows the searched keyword on the results page', () => {
    renderAt(`/mall/goodsList?productName=${encodeURIComponent('碳源')}`, 0);
    expect(box().value).toBe('碳源');
    fireEvent.change(box(), { target: { value: '水'.repeat(45) } });
    expect(box().value).toBe('水'.repeat(40));
  });

  it('shows the five hot keywords and the enter-platform link', () => {
    renderAt('/mall/home', 0);
    const hot = screen.getByLabelText('热门搜索').querySelectorAll('a');
    expect([...hot].map((a) => a.textContent)).toEqual(['碳源', '聚合氯化铝', '聚合硫酸铁', '除磷剂', '除氧剂']);
    expect(hot[1]!.getAttribute('href')).toBe(`/mall/goodsList?productName=${encodeURIComponent('聚合氯化铝')}`);
    expect(screen.getByRole('link', { name: '进入平台' }).getAttribute('href')).toBe('/sso/register');
  });

  it('becomes fixed after 40px of scroll', async () => {
    renderAt('/mall/home', 0);
    const band = screen.getByTestId('search-band');
    expect(band.dataset.fixed).toBe('false');
    await act(async () => {
      window.scrollY = 41;
      window.dispatchEvent(new Event('scroll'));
      await new Promise((r) => setTimeout(r, 120));
    });
    expect(band.dataset.fixed).toBe('true');
    await act(async () => {
      window.scrollY = 0;
      window.dispatchEvent(new Event('scroll'));
      await new Promise((r) => setTimeout(r, 120));
    });
    expect(band.dataset.fixed).toBe('false');
  });
});
