import { creditCodeCheckChar } from '@aquamall/shared';
import type { Db } from '../client.ts';
import { bankAccounts, paySubMerchants } from '../schema/index.ts';
import { sandboxAlipayPid, sandboxAlipayToken, sandboxWechatSubMchId } from '../../lib/partners/pay/sandbox.ts';
import { hashPassword } from '../../lib/password.ts';
import { insertCompanies } from '../../test/factories/companies.ts';
import { insertPlatformAdmin, insertUsers } from '../../test/factories/users.ts';
import { APPLICANTS, DEMO_PASSWORD, PLATFORM_ADMIN, PURCHASERS, SUPPLIERS, type CompanyDef } from './companies-data.ts';
import type { SeedImages } from './images.ts';
import { daysAgo, type Random } from './random.ts';

export interface SeededCompany {
  id: number;
  def: CompanyDef;
}

const DEMO_PHONES = new Set(['18800000002', '18800000003', '18800000004']);
const CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

/** A valid unified social credit code (91 + region + organisation part + the GB 32100 check character). */
function creditCode(rnd: Random, districtCode: number): string {
  let tail = '';
  for (let i = 0; i < 9; i++) tail += CODE_CHARS[rnd.int(0, CODE_CHARS.length - 1)];
  const first17 = `91${districtCode}${tail}`;
  return `${first17}${creditCodeCheckChar(first17)}`;
}

function introduction(def: CompanyDef): string {
  if (def.type === 4) return `${def.name}主营${def.mainBusiness}，长期在平台发布询价与招标采购需求。`;
  return `${def.name}专业从事${def.mainBusiness}，拥有完善的质量管理体系（ISO 9001）和专业技术服务团队，产品广泛应用于市政污水、工业废水、自来水厂及农业生产等领域，服务客户遍及全国。`;
}

/** Inserts the demo companies and one administrator user each, plus the platform administrator. */
export async function seedCompanies(db: Db, images: SeedImages, rnd: Random, now: Date) {
  const defs = [...SUPPLIERS, ...APPLICANTS, ...PURCHASERS];
  const rows = defs.map((def, i) => {
    const isSupplier = def.type === 2;
    const open = isSupplier && def.merchantStatus === 3;
    const created = daysAgo(now, 400 - i * 7, rnd);
    return {
      name: def.name,
      type: def.type,
      creditCode: creditCode(rnd, def.area[2]),
      legalPerson: def.contact[0],
      contactName: def.contact[0],
      contactPhone: def.contact[1],
      provinceCode: def.area[0],
      cityCode: def.area[1],
      districtCode: def.area[2],
      areaName: def.area[3],
      address: def.address,
      logo: images.logos[i % images.logos.length] ?? '',
      introduction: introduction(def),
      mainBusiness: def.mainBusiness,
      memberLevel: def.memberLevel,
      isMemberVail: def.isMemberVail,
      certStatus: open || def.type === 4 ? 2 : 0,
      merchantStatus: def.merchantStatus,
      shopName: isSupplier ? (def.shopName ?? null) : null,
      shopType: isSupplier ? (def.shopType ?? null) : null,
      shopBanner: open ? (images.shopBanners[i % images.shopBanners.length] ?? '') : '',
      shopOpen: open,
      createdAt: created,
      updatedAt: created,
    };
  });
  // argon2 is deliberately slow: hash the demo logins individually, and share one hash for the other demo users.
  const [shared, ...demoHashes] = await Promise.all([hashPassword(DEMO_PASSWORD), ...[0, 1, 2, 3].map(() => hashPassword(DEMO_PASSWORD))]);
  let demoIdx = 0;
  const nextDemoHash = () => demoHashes[demoIdx++] as string;
  const inserted = await insertCompanies(db, rows);
  const seeded: SeededCompany[] = inserted.map((r, i) => ({ id: r.id, def: defs[i] as CompanyDef }));
  await insertUsers(
    db,
    seeded.map(({ id, def }) => ({
      companyId: id,
      phone: def.phone,
      email: `${def.phone}@demo.aquamall.cn`,
      passwordHash: DEMO_PHONES.has(def.phone) ? nextDemoHash() : (shared as string),
      realName: def.contact[0],
      nickName: def.contact[0],
      gender: rnd.chance(0.7) ? 1 : 0,
      isCompanyAdmin: true,
    })),
  );
  await insertPlatformAdmin(db, {
    phone: PLATFORM_ADMIN.phone,
    email: 'admin@aquamall.cn',
    passwordHash: nextDemoHash(),
    realName: PLATFORM_ADMIN.realName,
    nickName: PLATFORM_ADMIN.realName,
    gender: 1,
    isCompanyAdmin: true,
    adminName: PLATFORM_ADMIN.adminName,
  });

  const suppliers = seeded.filter((c) => c.def.type === 2 && c.def.merchantStatus === 3);
  await seedBankAccounts(db, suppliers, now);
  await seedPaySubMerchants(db, suppliers, now);
  return {
    suppliers,
    purchasers: seeded.filter((c) => c.def.type === 4),
  };
}

const DEMO_BANKS = ['中国工商银行', '中国建设银行', '招商银行', '中国农业银行', '中国银行'];

/**
 * Every open demo supplier has a settlement account verified by the small deposit, so a purchaser can pay it by
 * transfer (the transfer dialog shows it, decision 0198). Numbers follow the company id (no PRNG draw: the other
 * demo data stay as they were).
 */
async function seedBankAccounts(db: Db, suppliers: SeededCompany[], now: Date) {
  if (!suppliers.length) return;
  await db.insert(bankAccounts).values(
    suppliers.map(({ id, def }, i) => ({
      companyId: id,
      accountName: def.name,
      bankName: DEMO_BANKS[i % DEMO_BANKS.length]!,
      branchName: `${def.area[3].replace(/^.*?(省|自治区)/, '').slice(0, 2)}分行营业部`,
      accountNo: `62220210${String(id).padStart(8, '0')}`,
      status: 2,
      attemptsLeft: 3,
      sentAt: now,
      verifiedAt: now,
      updatedAt: now,
    })),
  );
}

/**
 * Every open demo supplier is a verified sub-merchant of the payment sandbox (decision 0216): a WeChat Pay 特约商户号
 * bound to the sandbox service provider and an Alipay authorisation of the platform's application, so online payment
 * pays the supplier. Ids follow the company id; they mean nothing to the real partners.
 */
async function seedPaySubMerchants(db: Db, suppliers: SeededCompany[], now: Date) {
  if (!suppliers.length) return;
  await db.insert(paySubMerchants).values(
    suppliers.flatMap(({ id }) => [
      { companyId: id, channel: 1, subMchId: sandboxWechatSubMchId(id), status: 1, note: '演示数据：沙箱特约商户', submittedAt: now, verifiedAt: now },
      {
        companyId: id,
        channel: 2,
        subMchId: sandboxAlipayPid(id),
        authToken: sandboxAlipayToken(sandboxAlipayPid(id)),
        status: 1,
        note: '演示数据：沙箱应用授权',
        submittedAt: now,
        verifiedAt: now,
      },
    ]),
  );
}
