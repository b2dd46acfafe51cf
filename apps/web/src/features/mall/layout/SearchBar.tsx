import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { HOT_KEYWORDS, SEARCH_KEYWORD_MAX } from '@aquamall/shared/constants';
import { useScrolledPast } from '../../../lib/use-scrolled-past.ts';
import { searchHref, SEARCH_TARGETS, targetsForGroup, type SearchTarget } from './search-targets.ts';
import { TargetPicker } from './TargetPicker.tsx';

/**
 * The mall search bar (docs/product/mall.md#search-bar): targets from the route's search group, each with its query name and route;
 * keyword trimmed and ≤ 40 characters; five hot keywords; 进入平台 → registration; fixed after 40 px of scroll.
 */
export function SearchBar({ group, siteName }: { group: number | undefined; siteName: string }) {
  const targets = targetsForGroup(group);
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fixed = useScrolledPast();
  const [targetKey, setTargetKey] = useState<SearchTarget['key']>(targets[0]!.key);
  const target = targets.find((t) => t.key === targetKey) ?? targets[0]!;
  const [keyword, setKeyword] = useState('');

  // On a target's own page, show the keyword being searched and pick that target.
  const onPage = targets.find((t) => t.path === location.pathname);
  const current = onPage ? (params.get(onPage.queryName) ?? '') : '';
  useEffect(() => {
    if (onPage) setTargetKey(onPage.key);
    else setTargetKey(targets[0]!.key);
    setKeyword(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, current, group]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(searchHref(target, keyword));
  };

  return (
    <div className="am-search-holder">
      <div className={`am-search-band${fixed ? ' is-fixed' : ''}`} data-testid="search-band" data-fixed={fixed ? 'true' : 'false'}>
        <div className="am-container am-search-row">
          <Link to="/mall/home" className="am-brand" aria-label={`${siteName}商城首页`}>
            <img src="/images/logo.svg" alt="" width={40} height={40} />
            <span className="am-brand-text">
              <strong>{siteName}</strong>
              <small>水务产业B2B采购商城</small>
            </span>
          </Link>
          <div className="am-search-main">
            <form className="am-search-box" role="search" onSubmit={submit}>
              <TargetPicker targets={targets} value={target} onChange={setTargetKey} />
              <input
                className="am-search-input"
                aria-label="搜索关键词"
                value={keyword}
                maxLength={SEARCH_KEYWORD_MAX}
                placeholder={target.key === SEARCH_TARGETS.goods.key ? '搜索商品，如：聚合氯化铝、碳源' : `请输入${target.label}名称`}
                onChange={(e) => setKeyword(e.target.value.slice(0, SEARCH_KEYWORD_MAX))}
              />
              <button type="submit" className="am-search-button">
                搜索
              </button>
            </form>
            <div className="am-hot" aria-label="热门搜索">
              <span>热门搜索：</span>
              {HOT_KEYWORDS.map((k) => (
                <Link key={k} to={searchHref(SEARCH_TARGETS.goods, k)}>
                  {k}
                </Link>
              ))}
            </div>
          </div>
          <Link to="/sso/register" className="am-enter-platform">
            进入平台
          </Link>
        </div>
      </div>
    </div>
  );
}
