import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MB = 1024 * 1024;

/** A multipart body of one 40 MB file part, produced lazily; `pulled` says how much the server read. */
function hugeUpload(fields: Record<string, string> = {}) {
  const boundary = '----aquamallTestBoundary';
  const meter = { pulled: 0 };
  const head =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="storefile"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  let sent = 0;
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  const stream = new Readable({
    read() {
      if (sent === 0) {
        sent += head.length;
        meter.pulled += head.length;
        this.push(Buffer.from(head));
        return;
      }
      if (sent >= 40 * MB) {
        this.push(Buffer.from(`\r\n--${boundary}--\r\n`));
        this.push(null);
        return;
      }
      sent += chunk.length;
      meter.pulled += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, meter, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('anonymous uploads', () => {
  for (const [name, headers, fields] of [
    ['no token at all', {}, {}],
    ['a forged x-token', { 'x-token': 'forged-token-value' }, {}],
    ['a forged token field', {}, { token: 'forged-token-value' }],
  ] as const) {
    it(`are refused before the file is read (${name})`, async () => {
      const { stream, meter, contentType } = hugeUpload(fields);
      const res = await t.app.inject({
        method: 'POST',
        url: '/file/upload',
        payload: stream,
        headers: { 'content-type': contentType, ...headers },
      });
      expect(res.json<{ code: number }>().code).toBe(1);
      // Node's stream machinery reads ahead a little; a buffered upload would have pulled ≥ 10 MB.
      expect(meter.pulled).toBeLessThan(2 * MB);
      stream.destroy();
    });
  }
});
