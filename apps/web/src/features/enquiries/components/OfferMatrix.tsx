import type { ReactNode } from 'react';
import type { OfferRow } from '@aquamall/shared';
import './offer-matrix.css';

export interface MatrixColumn {
  key: string;
  title: ReactNode;
  width: number;
  render: (o: OfferRow) => ReactNode;
}

/**
 * The comparison matrix as a plain table: offers are rows, the first column (the supplier) and the header
 * stay in view while scrolling (CSS sticky), expired offers are greyed. It replaces an antd Table, whose
 * per-cell components and fixed-column bookkeeping made 50 offers × 20 lines slow to render (decision 0122).
 */
export function OfferMatrix({ columns, offers }: { columns: MatrixColumn[]; offers: OfferRow[] }) {
  const width = columns.reduce((s, c) => s + c.width, 0);
  return (
    <div className="am-matrix" data-testid="offer-matrix">
      <table style={{ width }}>
        <colgroup>
          {columns.map((c) => (
            <col key={c.key} style={{ width: c.width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {offers.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="am-matrix-empty">
                暂无报价
              </td>
            </tr>
          ) : (
            offers.map((o) => (
              <tr key={o.quotationId} data-testid="offer-row" className={o.expired ? 'am-matrix-muted' : undefined}>
                {columns.map((c) => (
                  <td key={c.key}>{c.render(o)}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
