import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  CART_PROBLEM,
  MAX_QUANTITY,
  MAX_SHOPPING_LIST_ITEMS,
  MAX_SHOPPING_LISTS,
  formatChinaDateTime,
  toFen,
  toYuan,
  type CartAddManyResult,
  type ShoppingListAddResult,
  type ShoppingListDetail,
  type ShoppingListItemRow,
  type ShoppingListRow,
  type shoppingListAddInput,
  type shoppingListBuyInput,
  type shoppingListInput,
  type shoppingListItemUpdateInput,
  type shoppingListQuery,
  type shoppingListUpdateInput,
} from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/executor.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { shoppingListItems, shoppingLists, users } from '../../db/schema/index.ts';
import { pagedRows, totalOf } from '../../lib/paged.ts';
import { escapeLike } from '../../lib/sql.ts';
import type { Caller } from '../auth/index.ts';
import { assertPurchaser, linePrices, problemOf, skuFacts, specText } from './cart.ts';
import { fail } from './messages.ts';
import { addManyToCart } from './repeat.ts';

/**
 * 常购清单 (docs/product/shopping-lists.md, decision 0214). A list belongs to its owner in one company. Who sees
 * it: the owner, and every user of the company once it is shared; who changes it: the owner, and the company's
 * administrators while it is shared. Anything else reads like no list at all (清单不存在或已删除).
 */

type ListRow = typeof shoppingLists.$inferSelect;

/** The lists the caller may see: its own in its company, and the company's shared ones. */
const visible = (caller: Caller): SQL =>
  and(
    eq(shoppingLists.companyId, caller.companyId),
    or(eq(shoppingLists.ownerUserId, caller.userId), eq(shoppingLists.shared, true)),
  )!;

/** The owner, or a company administrator on a shared list. */
const mayEdit = (caller: Caller, list: Pick<ListRow, 'ownerUserId' | 'shared'>) =>
  list.ownerUserId === caller.userId || (list.shared && caller.isCompanyAdmin);

/** SQL form of mayEdit, for the picker's filter. */
const editableSql = (caller: Caller): SQL =>
  caller.isCompanyAdmin
    ? sql`true`
    : eq(shoppingLists.ownerUserId, caller.userId);

/** A list the caller may see, locked for a change when `forUpdate`; 清单不存在 otherwise. */
async function visibleList(db: Db, caller: Caller, id: number, forUpdate = false): Promise<ListRow> {
  const q = db.select().from(shoppingLists).where(and(eq(shoppingLists.id, id), visible(caller)));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw fail('SHOPPING_LIST_NOT_FOUND');
  return row;
}

async function editableList(db: Db, caller: Caller, id: number): Promise<ListRow> {
  const list = await visibleList(db, caller, id, true);
  if (!mayEdit(caller, list)) throw fail('SHOPPING_LIST_READ_ONLY');
  return list;
}

const itemCount = sql<number>`(select count(*) from ${shoppingListItems} where ${shoppingListItems.listId} = ${shoppingLists.id})`.mapWith(Number);

export async function listShoppingLists(
  db: Db,
  caller: Caller,
  q: z.output<typeof shoppingListQuery>,
): Promise<{ list: ShoppingListRow[]; total: number }> {
  assertPurchaser(caller);
  const where = and(
    visible(caller),
    q.keyword ? ilike(shoppingLists.name, `%${escapeLike(q.keyword)}%`) : undefined,
    q.editable ? editableSql(caller) : undefined,
  );
  const page = await pagedRows(
    db
      .select({
        id: shoppingLists.id,
        name: shoppingLists.name,
        shared: shoppingLists.shared,
        ownerUserId: shoppingLists.ownerUserId,
        ownerName: sql<string>`coalesce(nullif(${users.realName}, ''), ${users.phone}, '')`,
        itemCount,
        updatedAt: shoppingLists.updatedAt,
        total: totalOf(shoppingLists, where),
      })
      .from(shoppingLists)
      .leftJoin(users, eq(users.id, shoppingLists.ownerUserId))
      .where(where)
      .orderBy(desc(sql`${shoppingLists.ownerUserId} = ${caller.userId}`), desc(shoppingLists.updatedAt), desc(shoppingLists.id)),
    q,
    () => db.$count(shoppingLists, where),
  );
  return { total: page.total, list: page.list.map((r) => rowOf(caller, r)) };
}

function rowOf(
  caller: Caller,
  r: Pick<ListRow, 'id' | 'name' | 'shared' | 'ownerUserId' | 'updatedAt'> & { ownerName: string; itemCount: number },
): ShoppingListRow {
  return {
    id: r.id,
    name: r.name,
    shared: r.shared,
    ownerName: r.ownerName,
    mine: r.ownerUserId === caller.userId,
    editable: mayEdit(caller, r),
    itemCount: r.itemCount,
    updatedAt: formatChinaDateTime(r.updatedAt),
  };
}

/** Creates a list inside `tx` with the owner's row locked (so parallel creates cannot pass the limit). */
async function insertList(tx: Db, caller: Caller, input: z.output<typeof shoppingListInput>): Promise<ListRow> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.userId)).for('update');
  const [{ n }] = (await tx
    .select({ n: count() })
    .from(shoppingLists)
    .where(and(eq(shoppingLists.companyId, caller.companyId), eq(shoppingLists.ownerUserId, caller.userId)))) as [
    { n: number },
  ];
  if (n >= MAX_SHOPPING_LISTS) throw fail('SHOPPING_LIST_LIMIT', { max: MAX_SHOPPING_LISTS });
  const [same] = await tx
    .select({ id: shoppingLists.id })
    .from(shoppingLists)
    .where(
      and(
        eq(shoppingLists.companyId, caller.companyId),
        eq(shoppingLists.ownerUserId, caller.userId),
        eq(shoppingLists.name, input.name),
      ),
    );
  if (same) throw fail('SHOPPING_LIST_NAME_TAKEN', { name: input.name });
  const [row] = await tx
    .insert(shoppingLists)
    .values({ companyId: caller.companyId, ownerUserId: caller.userId, name: input.name, shared: input.shared })
    .returning();
  return row!;
}

const nameTaken = (name: string) => (err: unknown) => {
  if (isUniqueViolation(err)) throw fail('SHOPPING_LIST_NAME_TAKEN', { name });
  throw err;
};

export async function createShoppingList(
  db: Db,
  caller: Caller,
  input: z.output<typeof shoppingListInput>,
): Promise<{ id: number }> {
  assertPurchaser(caller);
  const row = await inTransaction(db, (tx) => insertList(tx, caller, input)).catch(nameTaken(input.name));
  return { id: row.id };
}

/** Rename and/or share: the owner, or an administrator of the company on a shared list. */
export async function updateShoppingList(
  db: Db,
  caller: Caller,
  input: z.output<typeof shoppingListUpdateInput>,
): Promise<void> {
  assertPurchaser(caller);
  await inTransaction(db, async (tx) => {
    const list = await editableList(tx, caller, input.id);
    const name = input.name ?? list.name;
    if (name !== list.name) {
      const [same] = await tx
        .select({ id: shoppingLists.id })
        .from(shoppingLists)
        .where(
          and(
            eq(shoppingLists.companyId, list.companyId),
            eq(shoppingLists.ownerUserId, list.ownerUserId),
            eq(shoppingLists.name, name),
          ),
        );
      if (same) throw fail('SHOPPING_LIST_NAME_TAKEN', { name });
    }
    await tx
      .update(shoppingLists)
      .set({ name, shared: input.shared ?? list.shared, updatedAt: new Date() })
      .where(eq(shoppingLists.id, list.id));
  }).catch(nameTaken(input.name ?? ''));
}

export async function deleteShoppingList(db: Db, caller: Caller, id: number): Promise<void> {
  assertPurchaser(caller);
  await inTransaction(db, async (tx) => {
    const list = await editableList(tx, caller, id);
    await tx.delete(shoppingLists).where(eq(shoppingLists.id, list.id));
  });
}

/** A list with its items as they are today: the caller's price (the one resolver), stock, minimum, on-sale state. */
export async function shoppingListDetail(db: Db, caller: Caller, id: number): Promise<ShoppingListDetail> {
  assertPurchaser(caller);
  const list = await visibleList(db, caller, id);
  const [owner] = await db
    .select({ name: sql<string>`coalesce(nullif(${users.realName}, ''), ${users.phone}, '')` })
    .from(users)
    .where(eq(users.id, list.ownerUserId));
  const [{ n }] = (await db.select({ n: count() }).from(shoppingListItems).where(eq(shoppingListItems.listId, list.id))) as [
    { n: number },
  ];
  const rows = await db
    .select()
    .from(shoppingListItems)
    .where(eq(shoppingListItems.listId, list.id))
    .orderBy(asc(shoppingListItems.id));
  const facts = await skuFacts(db, rows.map((r) => r.skuId));
  const priced = rows.filter((r) => facts.get(r.skuId)?.sku);
  const prices = await linePrices(db, caller, facts, priced.map((r) => ({ skuId: r.skuId, quantity: r.quantity })));
  const priceOf = new Map(priced.map((r, i) => [r.id, prices[i]!]));
  const items = rows.map((r): ShoppingListItemRow => {
    const f = facts.get(r.skuId);
    const p = priceOf.get(r.id);
    let problem = problemOf(f);
    if (!problem && f!.sku!.companyId === caller.companyId) problem = '本公司的商品';
    if (!problem && r.quantity > f!.sku!.available) problem = `库存不足（可用 ${f!.sku!.available}${f!.product!.unit}）`;
    return {
      id: r.id,
      skuId: r.skuId,
      productId: f?.product?.id ?? null,
      code: f?.sku?.code ?? '',
      productName: f?.product?.name ?? '',
      spec: f?.sku ? specText(f.sku.specValues) : '',
      unit: f?.product?.unit ?? '',
      image: f?.product?.image ?? '',
      shopName: f?.shopName ?? '',
      quantity: r.quantity,
      note: r.note,
      unitPrice: p ? p.unitPrice : null,
      priceLabel: p?.priceLabel ?? '',
      priceAtAdd: Number(r.priceAtAdd),
      available: f?.sku?.available ?? 0,
      minOrder: f?.product?.minOrder ?? 1,
      problem,
    };
  });
  return {
    list: rowOf(caller, { ...list, ownerName: owner?.name ?? '', itemCount: n }),
    items,
  };
}

/**
 * Adds SKUs to a list the caller may change (or to a new list of the caller): a SKU already in the list adds its
 * quantity (the note replaced when one is given). The list's row is locked, so parallel adds cannot pass 500
 * items. A SKU that cannot be bought at all (gone, off sale, the caller's own) is refused with its name.
 */
export async function addToShoppingList(
  db: Db,
  caller: Caller,
  input: z.output<typeof shoppingListAddInput>,
): Promise<ShoppingListAddResult> {
  assertPurchaser(caller);
  // The same SKU twice in one request adds up.
  const wanted = new Map<number, { quantity: number; note: string }>();
  for (const i of input.items) {
    const w = wanted.get(i.skuId);
    wanted.set(i.skuId, { quantity: Math.min(MAX_QUANTITY, (w?.quantity ?? 0) + i.quantity), note: i.note || w?.note || '' });
  }
  const facts = await skuFacts(db, [...wanted.keys()]);
  for (const skuId of wanted.keys()) {
    const f = facts.get(skuId);
    if (!f?.sku || !f.product) throw fail('SKU_NOT_FOUND');
    const label = f.product.name;
    const problem = problemOf(f);
    if (problem === CART_PROBLEM.OFF_SALE || problem === CART_PROBLEM.SKU_GONE)
      throw fail('SHOPPING_LIST_SKU_UNAVAILABLE', { label, problem });
    if (f.sku.companyId === caller.companyId) throw fail('SHOPPING_LIST_OWN_PRODUCT', { label });
  }
  return inTransaction(db, async (tx) => {
    const list = input.newList ? await insertList(tx, caller, input.newList) : await editableList(tx, caller, input.listId!);
    const existing = new Map(
      (
        await tx
          .select({ id: shoppingListItems.id, skuId: shoppingListItems.skuId, quantity: shoppingListItems.quantity })
          .from(shoppingListItems)
          .where(eq(shoppingListItems.listId, list.id))
      ).map((r) => [r.skuId, r]),
    );
    const fresh = [...wanted.keys()].filter((id) => !existing.has(id));
    const room = MAX_SHOPPING_LIST_ITEMS - existing.size;
    if (fresh.length > room) throw fail('SHOPPING_LIST_FULL', { max: MAX_SHOPPING_LIST_ITEMS, room: Math.max(0, room) });
    const skuIds = [...wanted.keys()];
    const quantities = skuIds.map((id) => Math.min(MAX_QUANTITY, (existing.get(id)?.quantity ?? 0) + wanted.get(id)!.quantity));
    const prices = await linePrices(tx, caller, facts, skuIds.map((skuId, i) => ({ skuId, quantity: quantities[i]! })));
    let merged = 0;
    for (const [i, skuId] of skuIds.entries()) {
      const w = wanted.get(skuId)!;
      const priceAtAdd = toYuan(toFen(prices[i]!.unitPrice));
      const current = existing.get(skuId);
      if (current) {
        merged++;
        await tx
          .update(shoppingListItems)
          .set({ quantity: quantities[i]!, ...(w.note ? { note: w.note } : {}), priceAtAdd, updatedAt: new Date() })
          .where(eq(shoppingListItems.id, current.id));
      } else {
        await tx.insert(shoppingListItems).values({ listId: list.id, skuId, quantity: quantities[i]!, note: w.note, priceAtAdd });
      }
    }
    await tx.update(shoppingLists).set({ updatedAt: new Date() }).where(eq(shoppingLists.id, list.id));
    return { listId: list.id, listName: list.name, added: skuIds.length - merged, merged };
  }).catch(nameTaken(input.newList?.name ?? ''));
}

/** Items of a list the caller may change, locked with it; 清单中没有这件商品 when one is not there. */
async function editableItems(tx: Db, caller: Caller, ids: readonly number[]) {
  const rows = await tx
    .select({ id: shoppingListItems.id, listId: shoppingListItems.listId })
    .from(shoppingListItems)
    .innerJoin(shoppingLists, eq(shoppingLists.id, shoppingListItems.listId))
    .where(and(inArray(shoppingListItems.id, [...ids]), visible(caller)));
  const listIds = [...new Set(rows.map((r) => r.listId))];
  if (rows.length !== new Set(ids).size || listIds.length !== 1) throw fail('SHOPPING_LIST_ITEM_NOT_FOUND');
  const list = await editableList(tx, caller, listIds[0]!);
  return { list, rows };
}

export async function updateShoppingListItem(
  db: Db,
  caller: Caller,
  input: z.output<typeof shoppingListItemUpdateInput>,
): Promise<void> {
  assertPurchaser(caller);
  await inTransaction(db, async (tx) => {
    const { list } = await editableItems(tx, caller, [input.id]);
    await tx
      .update(shoppingListItems)
      .set({ quantity: input.quantity, ...(input.note !== undefined ? { note: input.note } : {}), updatedAt: new Date() })
      .where(eq(shoppingListItems.id, input.id));
    await tx.update(shoppingLists).set({ updatedAt: new Date() }).where(eq(shoppingLists.id, list.id));
  });
}

export async function removeShoppingListItems(db: Db, caller: Caller, ids: readonly number[]): Promise<void> {
  assertPurchaser(caller);
  await inTransaction(db, async (tx) => {
    const { list } = await editableItems(tx, caller, ids);
    await tx.delete(shoppingListItems).where(inArray(shoppingListItems.id, [...ids]));
    await tx.update(shoppingLists).set({ updatedAt: new Date() }).where(eq(shoppingLists.id, list.id));
  });
}

/**
 * 购买清单: the whole list or the chosen items into the caller's cart in one step (addManyToCart: one
 * transaction, each line adjusted or refused in words); the price is compared with the price when added.
 * Reading a shared list is enough to buy from it.
 */
export async function buyShoppingList(
  db: Db,
  caller: Caller,
  input: z.output<typeof shoppingListBuyInput>,
): Promise<CartAddManyResult> {
  assertPurchaser(caller);
  const list = await visibleList(db, caller, input.id);
  const rows = await db
    .select()
    .from(shoppingListItems)
    .where(
      and(
        eq(shoppingListItems.listId, list.id),
        input.itemIds.length ? inArray(shoppingListItems.id, input.itemIds) : undefined,
      ),
    )
    .orderBy(asc(shoppingListItems.id));
  if (input.itemIds.length && rows.length !== new Set(input.itemIds).size) throw fail('SHOPPING_LIST_ITEM_NOT_FOUND');
  const facts = await skuFacts(db, rows.map((r) => r.skuId));
  const result = await addManyToCart(
    db,
    caller,
    rows.map((r, i) => ({
      row: i + 1,
      code: facts.get(r.skuId)?.sku?.code ?? '',
      skuId: r.skuId,
      quantity: r.quantity,
      previousPrice: Number(r.priceAtAdd),
      since: '加入清单后',
    })),
  );
  return result;
}
