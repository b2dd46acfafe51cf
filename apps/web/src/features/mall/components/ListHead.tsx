import type { ReactNode } from 'react';

/** A list page's heading with its result count (共 N 家) and, beside it, the page's search controls. */
export function ListHead({
  title,
  total,
  unit,
  children,
}: {
  title: string;
  /** Undefined while the first page loads: the count is left out. */
  total: number | undefined;
  unit: string;
  children: ReactNode;
}) {
  return (
    <div className="am-list-head">
      <h1>
        {title}{' '}
        {total !== undefined ? (
          <span className="am-muted am-small" data-testid="result-count">
            共 {total} {unit}
          </span>
        ) : null}
      </h1>
      {children}
    </div>
  );
}
