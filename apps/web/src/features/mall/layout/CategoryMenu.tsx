import { useState } from 'react';
import { Link } from 'react-router';
import { RightOutlined } from '@ant-design/icons';
import type { CategoryNode } from '@aquamall/shared';
import { useCategories } from '../../../lib/site-content/categories.ts';
import { SkeletonBlock } from '../../../components/Skeletons.tsx';
import { categoryHref, splitCategories } from './category-links.ts';

const MORE = -1;

/** Second and third levels of one or more top-level categories, shown in the flyout. */
function Flyout({ nodes }: { nodes: CategoryNode[] }) {
  return (
    <div className="am-cat-flyout" data-testid="category-flyout">
      {nodes.map((top) => (
        <div key={top.sysNo} className="am-cat-flyout-block">
          {nodes.length > 1 ? (
            <Link to={categoryHref(top)} className="am-cat-flyout-top">
              {top.name}
            </Link>
          ) : null}
          {top.children.map((second) => (
            <dl key={second.sysNo} className="am-cat-flyout-row">
              <dt>
                <Link to={categoryHref(second)}>{second.name}</Link>
                <RightOutlined />
              </dt>
              <dd>
                {second.children.map((third) => (
                  <Link key={third.sysNo} to={categoryHref(third)}>
                    {third.name}
                  </Link>
                ))}
              </dd>
            </dl>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * The product category catalogue (docs/product/mall.md#category-catalogue): the first 9 top-level categories, up to 3 levels on hover,
 * 查看更多 when there are more than 9; every entry links to the goods list with categoryCode, categoryName, title.
 */
export function CategoryMenu({ className = '' }: { className?: string }) {
  const { data, isPending, isError, refetch } = useCategories();
  const [active, setActive] = useState<number | null>(null);
  const { shown, more } = splitCategories(data);
  const activeNodes = active === MORE ? more : shown.filter((c) => c.sysNo === active);

  return (
    <div className={`am-cat ${className}`} data-testid="category-menu" onMouseLeave={() => setActive(null)}>
      <ul className="am-cat-list">
        {isPending
          ? Array.from({ length: 9 }, (_, i) => (
              <li key={i} className="am-cat-item">
                <SkeletonBlock height={14} width="70%" />
              </li>
            ))
          : null}
        {isError ? (
          <li className="am-cat-item am-cat-error">
            分类加载失败，
            <button type="button" className="am-linklike" onClick={() => void refetch()}>
              重试
            </button>
          </li>
        ) : null}
        {shown.map((c) => (
          <li key={c.sysNo} className={`am-cat-item${active === c.sysNo ? ' is-active' : ''}`} onMouseEnter={() => setActive(c.sysNo)} onFocus={() => setActive(c.sysNo)}>
            <Link to={categoryHref(c)} className="am-cat-name">
              {c.name}
            </Link>
            <span className="am-cat-preview">
              {c.children.slice(0, 2).map((s) => (
                <Link key={s.sysNo} to={categoryHref(s)}>
                  {s.name}
                </Link>
              ))}
            </span>
          </li>
        ))}
        {more.length ? (
          <li className={`am-cat-item am-cat-more${active === MORE ? ' is-active' : ''}`} onMouseEnter={() => setActive(MORE)} onFocus={() => setActive(MORE)}>
            <Link to="/mall/goodsList" className="am-cat-name">
              查看更多
            </Link>
            <RightOutlined />
          </li>
        ) : null}
      </ul>
      {activeNodes.length ? <Flyout nodes={activeNodes} /> : null}
    </div>
  );
}
