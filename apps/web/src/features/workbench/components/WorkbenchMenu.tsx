import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Menu, Result, Skeleton, type MenuProps } from 'antd';
import { MSG, type MenuItem } from '@aquamall/shared';
import { notify } from '../../../lib/notify.ts';
import { useWebMenus } from '../api/menus.ts';
import { ancestorsOf } from '../lib/menu-tree.ts';
import { matchMenu } from '../lib/highlight.ts';
import { MenuIcon } from '../../../components/menu-icons.tsx';

type Items = NonNullable<MenuProps['items']>;

function toItems(nodes: MenuItem[]): Items {
  return nodes.map((n) =>
    n.children?.length
      ? {
          key: String(n.sysNo),
          icon: <MenuIcon name={n.icon} />,
          label: n.name,
          children: toItems(n.children),
        }
      : { key: String(n.sysNo), icon: <MenuIcon name={n.icon} />, label: n.name },
  );
}

/**
 * The workbench menu from the server (docs/product/workbench.md#menus): a tree, one submenu open at a time, the highlighted entry
 * follows the route, and an entry without a link path warns 未配置菜单项.
 */
export function WorkbenchMenu({ highlight }: { highlight: string }) {
  const { data, isLoading, isError, refetch } = useWebMenus();
  const navigate = useNavigate();
  const selected = data ? matchMenu(data.flat, highlight) : undefined;
  const selectedChain = useMemo(
    () => (data && selected ? ancestorsOf(data.flat, selected.sysNo).map((m) => String(m.sysNo)) : []),
    [data, selected],
  );
  // The open submenu follows the highlighted entry until the user opens another one.
  const [userOpen, setUserOpen] = useState<{ for: string; keys: string[] } | null>(null);
  const openKeys = userOpen && userOpen.for === highlight ? userOpen.keys : selectedChain;
  const items = useMemo(() => (data ? toItems(data.tree) : []), [data]);

  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} style={{ padding: 16 }} />;
  if (isError || !data) {
    return (
      <Result
        status="warning"
        title="菜单加载失败"
        extra={
          <Button size="small" onClick={() => void refetch()}>
            重试
          </Button>
        }
      />
    );
  }

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((k) => !openKeys.includes(k));
    // Only one submenu open: opening one keeps just its own parents.
    const next = opened
      ? [...ancestorsOf(data.flat, Number(opened)).map((m) => String(m.sysNo)), opened]
      : keys;
    setUserOpen({ for: highlight, keys: next });
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = data.flat.find((m) => String(m.sysNo) === key);
    if (!item?.linkPath) return notify.warning(MSG.menuNotConfigured);
    if (/^https?:\/\//i.test(item.linkPath)) {
      navigate(
        `/customer/iframecontainer?uri=${encodeURIComponent(item.linkPath)}&title=${encodeURIComponent(item.name)}`,
      );
    } else navigate(item.linkPath);
  };

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [String(selected.sysNo)] : []}
      openKeys={openKeys}
      onOpenChange={onOpenChange}
      onClick={onClick}
      style={{ borderInlineEnd: 0 }}
      data-testid="workbench-menu"
    />
  );
}
