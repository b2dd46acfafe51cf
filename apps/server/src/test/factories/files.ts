import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

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

/** Uploads a small PNG as the token's user (recorded for its company) and answers its fileRelativePath. */
export async function uploadedFile(app: FastifyInstance, token: string): Promise<string> {
  const { payload, headers } = await multipartBody([{ name: 'doc.png', body: await image(24, 24, 'png') }]);
  const res = await app.inject({ method: 'POST', url: '/file/upload', payload, headers: { ...headers, 'x-token': token } });
  const body = res.json<{ code: number; data: { fileRelativePath: string }[] }>();
  if (body.code !== 0) throw new Error(`test upload failed: ${res.body}`);
  return body.data[0]!.fileRelativePath;
}
