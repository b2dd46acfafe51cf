import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { CategoryNode } from '@aquamall/shared';
import { categoriesQuery } from '../../../lib/site-content/categories.ts';
import { CategoryMenu } from './CategoryMenu.tsx';

afterEach(cleanup);

const node = (code: string, name: string, children: CategoryNode[] = []): CategoryNode => ({ sysNo: Number(code), name, categoryCode: code, iconPath: '', children });
const tree = Array.from({ length: 11 }, (_, i) =>
  node(String(i + 1), `一级${i + 1}`, [node(`${i + 1}01`, `二级${i + 1}`, [node(`${i + 1}0101`, `三级${i + 1}`)])]),
);

function renderMenu(data: CategoryNode[]) {
  const client = new QueryClient();
  client.setQueryData(categoriesQuery.queryKey, data);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CategoryMenu />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CategoryMenu', () => {
  it('shows the first 9 top-level categories and 查看更多', () => {
    renderMenu(tree);
    const names = [...document.querySelectorAll('.am-cat-name')].map((e) => e.textContent);
    expect(names).toEqual([...tree.slice(0, 9).map((c) => c.name), '查看更多']);
  });

  it('has no 查看更多 with 9 or fewer', () => {
    renderMenu(tree.slice(0, 9));
    expect(screen.queryByText('查看更多')).toBeNull();
  });

  it('shows levels 2 and 3 on hover, linking with categoryCode, categoryName and title', () => {
    renderMenu(tree);
    fireEvent.mouseEnter(screen.getByText('一级2').closest('li')!);
    const flyout = screen.getByTestId('category-flyout');
    const third = within(flyout).getByRole('link', { name: '三级2' });
    const url = new URL(third.getAttribute('href')!, 'http://x');
    expect(url.pathname).toBe('/mall/goodsList');
    expect(Object.fromEntries(url.searchParams)).toEqual({ categoryCode: '20101', categoryName: '三级2', title: '三级2' });
    expect(within(flyout).getByRole('link', { name: '二级2' })).toBeTruthy();
  });

  it('查看更多 reveals the remaining top-level categories', () => {
    renderMenu(tree);
    fireEvent.mouseEnter(screen.getByText('查看更多').closest('li')!);
    const flyout = screen.getByTestId('category-flyout');
    expect(within(flyout).getByRole('link', { name: '一级10' })).toBeTruthy();
    expect(within(flyout).getByRole('link', { name: '一级11' })).toBeTruthy();
  });
});
