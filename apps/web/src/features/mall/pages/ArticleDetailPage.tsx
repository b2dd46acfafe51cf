import { formatChinaDateTime } from '@aquamall/shared';
import '../components/mall-pages.css';
import { Link } from 'react-router';
import { usePageTitle } from '../../../app/RootLayout.tsx';
import { SkeletonBlock } from '../../../components/Skeletons.tsx';
import { Crumbs } from '../components/Crumbs.tsx';
import { DetailState } from '../components/DetailState.tsx';
import { useIdParam } from '../components/url-state.ts';
import { useMetaDescription } from '../components/meta.ts';
import { useArticle } from '../api/notice.ts';

/** articledetail: the article, its rich text sanitised by the server on display, with previous/next links. */
export default function ArticleDetailPage() {
  const id = useIdParam();
  const q = useArticle(id);
  const a = q.data;
  usePageTitle(a?.title);
  useMetaDescription(a ? a.summary || a.title : undefined);
  if (!a) {
    return (
      <DetailState
        invalid={!id}
        query={q}
        notFound={{ text: '文章不存在或已下线', back: '/mall/notice', backText: '返回资讯列表' }}
        skeleton={<SkeletonBlock height={480} />}
      />
    );
  }
  return (
    <div className="am-container am-page">
      <Crumbs
        items={[
          { title: '行业资讯', to: '/mall/notice' },
          { title: a.categoryName, to: `/mall/notice?categoryCode=${encodeURIComponent(a.categoryCode)}` },
          { title: a.title },
        ]}
      />
      <article className="am-article">
        <h1>{a.title}</h1>
        <div className="am-article-meta">
          <span>{formatChinaDateTime(a.publishedAt)}</span>
          {a.source ? <span>来源：{a.source}</span> : null}
          {a.author ? <span>作者：{a.author}</span> : null}
          <span>浏览：{a.views}</span>
        </div>
        {a.content ? (
          <div
            className="am-rich"
            data-testid="article-content"
            dangerouslySetInnerHTML={{ __html: a.content }}
          />
        ) : (
          <p className="am-muted">{a.summary || '暂无正文'}</p>
        )}
        <nav className="am-article-nav">
          <span>
            上一篇：
            {a.prev ? <Link to={`/mall/articledetail?id=${a.prev.id}`}>{a.prev.title}</Link> : '没有了'}
          </span>
          <span>
            下一篇：
            {a.next ? <Link to={`/mall/articledetail?id=${a.next.id}`}>{a.next.title}</Link> : '没有了'}
          </span>
        </nav>
      </article>
    </div>
  );
}
