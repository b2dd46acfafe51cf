import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../../db/client.ts';
import { companies, users } from '../../../db/schema/index.ts';
import { createSession } from '../../auth/sessions.ts';

/** A company with one user and a live session token. */
export async function companyUser(db: Db, name: string, type = 2) {
  const [company] = await db.insert(companies).values({ name, type }).returning({ id: companies.id });
  const phone = `199${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
  const [user] = await db
    .insert(users)
    .values({ companyId: company!.id, phone, passwordHash: 'x', isCompanyAdmin: true })
    .returning({ id: users.id });
  const { token } = await createSession(db, user!.id);
  return { companyId: company!.id, userId: user!.id, token };
}

/** A test image of the given size and format. */
export function image(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart body (as a browser's FormData would send it) for app.inject. */
export async function multipartBody(
  files: { field?: string; name: string; body: Buffer; type?: string }[],
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field ?? 'storefile', new Blob([new Uint8Array(f.body)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } };
}
