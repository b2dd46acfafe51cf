import { Link } from 'react-router';

/** 首页 > … breadcrumb of the mall pages. */
export function Crumbs({ items }: { items: { title: string; to?: string }[] }) {
  return (
    <nav className="am-crumbs" aria-label="位置">
      <Link to="/mall/home">商城首页</Link>
      {items.map((it, i) => (
        <span key={i}>
          <span className="am-crumbs-sep">&gt;</span>
          {it.to ? <Link to={it.to}>{it.title}</Link> : <span className="am-crumbs-current">{it.title}</span>}
        </span>
      ))}
    </nav>
  );
}
