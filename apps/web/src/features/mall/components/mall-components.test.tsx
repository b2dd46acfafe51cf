import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { FacetChips } from './GoodsFilters.tsx';
import { Highlight } from './Highlight.tsx';
import { PagedListState } from './ListState.tsx';
import { buyBlocker, tierPrice } from './PurchaseBox.tsx';
import { useUrlState } from './url-state.ts';

afterEach(cleanup);

describe('mall components', () => {
  it('marks the searched words, whatever their case or width', () => {
    const { container } = render(<Highlight text="聚合氯化铝ＰＡＣ 28%" words={['pac', '聚合']} />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['聚合', 'ＰＡＣ']);
    expect(container.textContent).toBe('聚合氯化铝ＰＡＣ 28%');
  });

  it("shows a keyword's category counts, and says when they count the first matches only", () => {
    const facets = [
      { categoryCode: '0101', name: '絮凝剂', count: 6120 },
      { categoryCode: '0201', name: '水泵', count: 3880 },
    ];
    const onPick = vi.fn();
    const { rerender } = render(<FacetChips facets={facets} onPick={onPick} />);
    expect(screen.queryByTestId('facets-capped')).toBeNull();
    fireEvent.click(screen.getByText('水泵'));
    expect(onPick).toHaveBeenCalledWith(facets[1]);
    expect(screen.getByText('絮凝剂').textContent).toBe('絮凝剂 (6120)');
    rerender(<FacetChips facets={facets} cappedAt={10000} onPick={onPick} />);
    expect(screen.getByTestId('facets-capped').textContent).toBe('分类统计基于前 10000 件商品');
  });

  it('prices a quantity by the best tier it reaches', () => {
    const g = {
      price: 100,
      priceTiers: [
        { minQty: 10, price: 90 },
        { minQty: 50, price: 80 },
      ],
    };
    expect(tierPrice(g, 1)).toBe(100);
    expect(tierPrice(g, 10)).toBe(90);
    expect(tierPrice(g, 49)).toBe(90);
    expect(tierPrice(g, 500)).toBe(80);
  });

  it('lets purchasers buy, sends visitors to login and tells suppliers why not', () => {
    expect(buyBlocker(null, undefined, 5)).toBe('login');
    expect(buyBlocker('t', 2, 5)).toBe('supplier');
    expect(buyBlocker('t', 4, null)).toBe('no-sku');
    expect(buyBlocker('t', 4, 5)).toBeNull();
    // The user is not loaded yet: the server decides (it refuses suppliers in words).
    expect(buyBlocker('t', undefined, 5)).toBeNull();
  });

  it('keeps list state in the query string and returns to page 1 when a filter changes', () => {
    function Probe() {
      const state = useUrlState();
      const location = useLocation();
      return (
        <>
          <span data-testid="url">{location.search}</span>
          <button onClick={() => state.set({ pageIndex: 3 })}>page</button>
          <button onClick={() => state.set({ priceMin: 10, productName: '' })}>filter</button>
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/mall/goodsList', element: <Probe /> }], {
      initialEntries: ['/mall/goodsList?productName=碳源'],
    });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByText('page'));
    expect(new URLSearchParams(screen.getByTestId('url').textContent ?? '').get('pageIndex')).toBe('3');
    fireEvent.click(screen.getByText('filter'));
    const params = new URLSearchParams(screen.getByTestId('url').textContent ?? '');
    expect(params.get('pageIndex')).toBeNull();
    expect(params.get('productName')).toBeNull();
    expect(params.get('priceMin')).toBe('10');
  });

  it('a paged list shows its content with a pager when it runs past one page, its empty text, or a retry', () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const state = { page: 1, set: vi.fn() };
    const refetch = vi.fn();
    const query = (list: unknown[], total: number, isError = false) => ({ isPending: false, isError, data: isError ? undefined : { list, total }, refetch });
    const { rerender } = render(
      <PagedListState query={query(['甲', '乙'], 25)} state={state} pageSize={10} emptyText="暂无相关公告">
        <div>公告列表</div>
      </PagedListState>,
    );
    expect(screen.getByText('公告列表')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(state.set).toHaveBeenCalledWith({ pageIndex: 2 });
    // One page: no pager.
    rerender(
      <PagedListState query={query(['甲'], 1)} state={state} pageSize={10} emptyText="暂无相关公告">
        <div>公告列表</div>
      </PagedListState>,
    );
    expect(screen.queryByTitle('2')).toBeNull();
    rerender(
      <PagedListState query={query([], 0)} state={state} pageSize={10} emptyText="暂无相关公告">
        <div>公告列表</div>
      </PagedListState>,
    );
    expect(screen.getByText('暂无相关公告')).toBeTruthy();
    expect(screen.queryByText('公告列表')).toBeNull();
    rerender(
      <PagedListState query={query([], 0, true)} state={state} pageSize={10}>
        <div>公告列表</div>
      </PagedListState>,
    );
    fireEvent.click(screen.getByText('重试'));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
