import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { MenuItem } from '@aquamall/shared';
import { setNotifier } from '../../../lib/notify.ts';
import { toMenuModel } from '../lib/menu-tree.ts';
import { WorkbenchMenu } from './WorkbenchMenu.tsx';

const flat: MenuItem[] = [
  { sysNo: 1, parentSysNo: 0, name: '采购管理', icon: 'ShoppingCartOutlined', linkPath: '' },
  { sysNo: 2, parentSysNo: 1, name: '我的询价', icon: '', linkPath: '/customer/enquiry' },
  { sysNo: 3, parentSysNo: 1, name: '采购订单', icon: '', linkPath: '/customer/order' },
  { sysNo: 4, parentSysNo: 0, name: '财务管理', icon: 'AccountBookOutlined', linkPath: '' },
  { sysNo: 5, parentSysNo: 4, name: '发票管理', icon: '', linkPath: '/customer/invoice/index' },
  { sysNo: 6, parentSysNo: 4, name: '未配置项', icon: '', linkPath: '' },
];

vi.mock('../api/menus.ts', () => ({
  useWebMenus: () => ({ data: toMenuModel(flat), isLoading: false, isError: false, refetch: vi.fn() }),
}));

const warnings: string[] = [];
beforeEach(() => {
  warnings.length = 0;
  setNotifier({ success: () => {}, error: () => {}, warning: (t) => warnings.push(t) });
});
afterEach(cleanup);

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderAt(highlight: string) {
  return render(
    <MemoryRouter initialEntries={['/customer/home']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <WorkbenchMenu highlight={highlight} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const openSubmenus = () => document.querySelectorAll('.ant-menu-submenu-open').length;

describe('WorkbenchMenu', () => {
  it('opens the submenu of the highlighted entry and selects it', () => {
    renderAt('/customer/order');
    expect(document.querySelector('.ant-menu-item-selected')?.textContent).toBe('采购订单');
    expect(openSubmenus()).toBe(1);
  });

  it('keeps only one submenu open', () => {
    renderAt('/customer/order');
    fireEvent.click(screen.getByText('财务管理'));
    expect(openSubmenus()).toBe(1);
    expect(document.querySelector('.ant-menu-submenu-open')?.textContent).toContain('财务管理');
  });

  it('navigates to the entry’s link path', () => {
    renderAt('/customer/order');
    fireEvent.click(screen.getByText('我的询价'));
    expect(screen.getByTestId('where').textContent).toBe('/customer/enquiry');
  });

  it('warns 未配置菜单项 for an entry without a link path and stays', () => {
    renderAt('/customer/invoice/index');
    fireEvent.click(screen.getByText('未配置项'));
    expect(warnings).toEqual(['未配置菜单项']);
    expect(screen.getByTestId('where').textContent).toBe('/customer/home');
  });
});
