import '../components/mall-pages.css';
import { Link } from 'react-router';
import { Tag } from 'antd';
import { searchTerms, formatChinaDate } from '@aquamall/shared';
import { Img } from '../../../components/Img.tsx';
import { Crumbs } from '../components/Crumbs.tsx';
import { Highlight } from '../components/Highlight.tsx';
import { KeywordSearch } from '../components/KeywordSearch.tsx';
import { ListHead } from '../components/ListHead.tsx';
import { PagedListState } from '../components/ListState.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useMetaDescription } from '../components/meta.ts';
import { useArticleCategories, useArticles } from '../api/notice.ts';

const PAGE_SIZE = 10;

/** notice: news and notices, query `title` (docs/product/mall.md#mall-routes), by category. */
export default function NoticePage() {
  const state = useUrlState();
  const title = state.get('title').trim();
  const category = state.get('categoryCode');
  const q = useArticles({
    title: title || undefined,
    categoryCode: category || undefined,
    pageIndex: state.page,
    pageSize: PAGE_SIZE,
  });
  const cats = useArticleCategories();
  const data = q.data;
  const words = searchTerms(title);
  useMetaDescription('水务行业资讯、政策标准与平台公告。');
  return (
    <div className="am-container am-page">
      <Crumbs
        items={[
          { title: '行业资讯', to: '/mall/notice' },
          ...(title ? [{ title: `“${title}”的搜索结果` }] : []),
        ]}
      />
      <div className="am-two-col">
        <aside className="am-side-menu" aria-label="资讯分类">
          <button
            type="button"
            className={!category ? 'is-active' : ''}
            onClick={() => state.set({ categoryCode: undefined })}
          >
            全部资讯
          </button>
          {cats.data?.map((c) => (
            <button
              key={c.categoryCode}
              type="button"
              className={category === c.categoryCode ? 'is-active' : ''}
              onClick={() => state.set({ categoryCode: c.categoryCode })}
            >
              {c.categoryName} <span className="am-muted">{c.count}</span>
            </button>
          ))}
        </aside>
        <section>
          <ListHead title="行业资讯" total={data?.total} unit="篇">
            <KeywordSearch
              value={title}
              placeholder="搜索资讯标题"
              onSearch={(v) => state.set({ title: v })}
            />
          </ListHead>
          <PagedListState query={q} state={state} pageSize={PAGE_SIZE} emptyText="暂无相关资讯">
            <div className="am-row-list">
              {data?.list.map((a) => (
                <Link
                  key={a.id}
                  to={`/mall/articledetail?id=${a.id}`}
                  className="am-news-item"
                  data-testid="article-row"
                >
                  <Img src={a.cover} alt="" />
                  <div style={{ minWidth: 0 }}>
                    <h3>
                      {a.isTop ? <Tag color="red">置顶</Tag> : null}
                      <Highlight text={a.title} words={words} />
                    </h3>
                    <p className="am-clamp-2">{a.summary || '无'}</p>
                    <div className="am-row-sub">
                      <span>{a.categoryName}</span>
                      <span>{formatChinaDate(a.publishedAt)}</span>
                      {a.source ? <span>来源：{a.source}</span> : null}
                      <span>浏览 {a.views}</span>
                    </div>
                  </div>
                </Link>
              ))}
            </div>
          </PagedListState>
        </section>
      </div>
    </div>
  );
}
