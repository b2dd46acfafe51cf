import { AddressKind, CompanyType, MAX_ADDRESSES, type AddressRow } from '@aquamall/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { addressInput } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { addresses, companies, type AddressSnapshot } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { areaNames } from '../enums/index.ts';
import type { Caller } from '../auth/index.ts';
import { savedEntries } from './saved-entries.ts';

type AddressInput = z.output<typeof addressInput>;


function values(input: AddressInput) {
  const names = areaNames(input.area);
  if (!names) throw fail('ADDRESS_REGION_INVALID');
  return {
    receiver: input.receiver,
    phone: input.phone,
    provinceCode: input.area[0]!,
    cityCode: input.area[1]!,
    districtCode: input.area[2] ?? null,
    areaName: names.join(' '),
    detail: input.detail,
  };
}

type Row = typeof addresses.$inferSelect;
const toRow = (a: Row): AddressRow => ({
  sysNo: a.id,
  receiver: a.receiver,
  phone: a.phone,
  area: [a.provinceCode, a.cityCode, ...(a.districtCode ? [a.districtCode] : [])],
  areaName: a.areaName,
  detail: a.detail,
  isDefault: a.isDefault,
  kind: a.kind,
});

/** What an order copies of an address. */
export const addressSnapshot = (a: Row): AddressSnapshot => ({
  receiver: a.receiver,
  phone: a.phone,
  provinceCode: a.provinceCode,
  cityCode: a.cityCode,
  districtCode: a.districtCode,
  areaName: a.areaName,
  detail: a.detail,
});

const saved = savedEntries<typeof addresses, Row>(
  addresses,
  {
    missing: '地址不存在',
    full: `地址最多保存${MAX_ADDRESSES}个，请先删除不用的地址`,
    max: MAX_ADDRESSES,
  },
  { column: addresses.kind, key: 'kind' },
);

export const listAddresses = async (db: Db, caller: Caller): Promise<AddressRow[]> =>
  (await saved.list(db, caller)).map(toRow);

/** One address of the caller's company (404 for another company's). */
export const ownAddress = saved.own;

/**
 * The kinds a company keeps: purchasers deliver to their addresses (收货); suppliers ship from (发货) and take
 * returns at (退货) theirs.
 */
export async function addressKindsOf(db: Db, companyId: number): Promise<number[]> {
  const [c] = await db.select({ type: companies.type }).from(companies).where(eq(companies.id, companyId));
  return c?.type === CompanyType.SUPPLIER ? [AddressKind.SHIP_FROM, AddressKind.RETURN] : [AddressKind.DELIVERY];
}

export async function createAddress(db: Db, caller: Caller, input: AddressInput): Promise<{ sysNo: number }> {
  if (!(await addressKindsOf(db, caller.companyId)).includes(input.kind)) throw fail('ADDRESS_KIND_NOT_ALLOWED');
  return saved.create(db, caller, { ...values(input), kind: input.kind, createdBy: caller.userId }, input.isDefault);
}

export const updateAddress = (db: Db, caller: Caller, id: number, input: AddressInput): Promise<void> =>
  saved.update(db, caller, id, values(input), input.isDefault);

export const setDefaultAddress = saved.setDefault;
export const deleteAddress = saved.remove;
