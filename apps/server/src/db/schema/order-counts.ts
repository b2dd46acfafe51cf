import { bigserial, index, integer, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * Orders per list scope and status as appended delta rows (migrations 0018 and perf_order_counts, decision
 * 0113): a trigger on `orders` inserts +1/−1 rows, never updates a shared row, so concurrent checkouts of one
 * supplier do not queue on its counter. The count of a (scope, owner, kind, status) is the sum of its rows; the
 * job `order_counts.compact` folds them into one row per key now and then. The status tabs of a list without
 * filters read these few rows instead of counting a large company's orders on every page load (issue 12 bench
 * (d)). Scope: 1 the purchasing user, 2 the purchasing company, 3 the supplying company; `ownerId` is that
 * user's or company's id; `kind` the order kind (0 cart, 4 enquiry).
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    scope: smallint().notNull(),
    ownerId: integer().notNull(),
    kind: smallint().notNull(),
    status: smallint().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [index('order_counts_key').on(t.scope, t.ownerId, t.kind, t.status)],
);

/** The scopes of `order_counts`. */
export const OrderCountScope = { BUYER_USER: 1, BUYER_COMPANY: 2, SELLER_COMPANY: 3 } as const;
