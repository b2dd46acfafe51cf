import { integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/**
 * Orders per list scope and status, kept by a trigger on `orders` (migration 0018): the status tabs of a list
 * without filters read these few rows instead of counting a large company's orders on every page load
 * (issue 12 bench (d)). Scope: 1 the purchasing user, 2 the purchasing company, 3 the supplying company;
 * `ownerId` is that user's or company's id; `kind` the order kind (0 cart, 4 enquiry).
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    scope: smallint().notNull(),
    ownerId: integer().notNull(),
    kind: smallint().notNull(),
    status: smallint().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.ownerId, t.kind, t.status] })],
);

/** The scopes of `order_counts`. */
export const OrderCountScope = { BUYER_USER: 1, BUYER_COMPANY: 2, SELLER_COMPANY: 3 } as const;
