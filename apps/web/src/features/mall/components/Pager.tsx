import { Pagination } from 'antd';

/** Paging under a list; the page lives in the query string (`pageIndex`). */
export function Pager({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  if (total <= pageSize) return null;
  return (
    <div className="am-pager">
      <Pagination
        current={page}
        pageSize={pageSize}
        total={total}
        showSizeChanger={false}
        showQuickJumper={total > pageSize * 5}
        onChange={(p) => {
          onChange(p);
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}
