import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/password.ts';
import { passwordProblem } from '../auth/index.ts';

/**
 * Creates a platform administrator: a user of no company that logs in by `name` (or phone) and can only use
 * the /admin console. Answers a Chinese problem message instead of throwing for bad input.
 */
export async function createPlatformAdmin(
  db: Db,
  input: { name: string; phone: string; password: string; realName?: string },
): Promise<{ ok: true; userId: number } | { ok: false; problem: string }> {
  const name = input.name.trim();
  if (!/^[A-Za-z][A-Za-z0-9_.-]{2,39}$/.test(name)) return { ok: false, problem: '管理员账号为3-40位字母、数字、下划线，以字母开头' };
  if (!/^1[3-9]\d{9}$/.test(input.phone)) return { ok: false, problem: '请输入正确的11位手机号' };
  const weak = passwordProblem(input.password);
  if (weak) return { ok: false, problem: weak };
  const [taken] = await db.select({ id: users.id }).from(users).where(or(eq(users.adminName, name), eq(users.phone, input.phone)));
  if (taken) return { ok: false, problem: '该账号或手机号已存在' };
  const [row] = await db
    .insert(users)
    .values({ phone: input.phone, adminName: name, passwordHash: await hashPassword(input.password), realName: input.realName ?? name, isPlatformAdmin: true })
    .returning({ id: users.id });
  return { ok: true, userId: row!.id };
}
