import { Link } from 'react-router';
import { useCategories } from '../../../lib/site-content/categories.ts';
import { categoryHref } from '../layout/category-links.ts';
import { Img } from '../../../components/Img.tsx';
import { LoadError, SkeletonBlock } from '../../../components/Skeletons.tsx';

/** Category guide: a card per top-level category with its sub-categories, for browsing without searching. */
export function CategoryFloors({ count = 8 }: { count?: number }) {
  const { data, isPending, isError, refetch } = useCategories();
  if (isError) return <LoadError onRetry={() => void refetch()} text="分类加载失败" />;
  return (
    <div className="am-floors">
      {isPending
        ? Array.from({ length: count }, (_, i) => <SkeletonBlock key={i} height={176} />)
        : data.slice(0, count).map((top) => (
            <div key={top.sysNo} className="am-floor">
              <Link to={categoryHref(top)} className="am-floor-head">
                <Img src={top.iconPath} width={120} alt="" />
                <span>
                  <strong>{top.name}</strong>
                  <small>{top.children.length} 个子类</small>
                </span>
              </Link>
              <div className="am-floor-links">
                {top.children.flatMap((s) => [s, ...s.children]).slice(0, 10).map((c) => (
                  <Link key={c.sysNo} to={categoryHref(c)}>
                    {c.name}
                  </Link>
                ))}
              </div>
            </div>
          ))}
    </div>
  );
}
