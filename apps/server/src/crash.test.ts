/**
 * Crash safety (issue 10): the real, compiled server is killed with SIGKILL in the middle of a stream of
 * writes (registrations, quotation-thread messages, orders and roles, interleaved); after a restart every write it
 * had acknowledged is there. Runs on the embedded database (a temp
 * DATA_DIR) and, in the PostgreSQL pass of the suite, on a fresh PostgreSQL database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, testDbKind } from './test/app.ts';
import {
  ensureServerBuilt,
  getJson,
  postJson,
  startServer,
  type Envelope,
  type ServerProcess,
} from './test/server-process.ts';

const SUPPLIER = '18800000002';
const PURCHASER = '18800000004';
const PASSWORD = 'Demo@2026';
/** Writes acknowledged before the kill (at least MIN_PER_KIND of each kind); CONCURRENCY more are in flight. */
const ACKED_BEFORE_KILL = 60;
const MIN_PER_KIND = 10;
const CONCURRENCY = 6;
/** The stream's kinds of write, taken in turn by each writer. */
const KINDS = ['register', 'message', 'order', 'role'] as const;
type Kind = (typeof KINDS)[number];
/** The password of the companies registered by the stream. */
const NEW_PASSWORD = 'Crash2026ok';

function must<T>(res: Envelope<T>, what: string): T {
  if (res.code !== 0) throw new Error(`${what}: ${res.message}`);
  return res.data;
}

describe(`crash safety (${testDbKind})`, () => {
  let env: Record<string, string | undefined>;
  let cleanup: () => Promise<void> = async () => undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    ensureServerBuilt();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-crash-'));
    if (testDbKind === 'pg') {
      const pg = await createPgDatabase();
      env = { DATABASE_URL: pg.url, WORKERS: '1', DATA_DIR: dataDir };
      cleanup = async () => {
        await pg.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
    } else {
      env = { DATABASE_URL: undefined, DATA_DIR: dataDir };
      cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Demo mode: the seeded accounts, the captcha peek and the SMS outbox for registrations; quiet logs (only the
    // listen line is needed); room for a stream of registrations from one address.
    Object.assign(env, {
      DEMO: '1',
      SEED_DEMO: '1',
      LOG_LEVEL: 'info',
      RATE_LIMIT_REGISTER: '1000',
      RATE_LIMIT_CODE: '1000',
      RATE_LIMIT_CAPTCHA: '1000',
    });
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await cleanup();
  });

  async function signIn(url: string, account: string, password = PASSWORD): Promise<string> {
    const res = await postJson<{ authToken: string }>(`${url}/api/appuser/login`, { account, password });
    return must(res, `sign-in ${account}`).authToken;
  }

  it('keeps every acknowledged registration, message, order and role after SIGKILL', async () => {
    server = await startServer(env);
    const first = server;
    const url = first.url;
    const supplier = await signIn(url, SUPPLIER);
    const purchaser = await signIn(url, PURCHASER);

    // What the stream writes to: a quotation of the supplier to the purchaser (its thread takes the purchaser's
    // messages), an on-sale SKU of the supplier (one unit per order) and the purchaser's default address.
    const offers = must(
      await postJson<{ list: { id: number }[] }>(
        `${url}/api/quotation/list`,
        { pageIndex: 1, pageSize: 1 },
        supplier,
      ),
      'quotation list',
    );
    const quotationId = offers.list[0]!.id;
    const products = must(
      await postJson<{ list: { sysNo: number; minOrder: number }[] }>(
        `${url}/api/myproduct/list`,
        { onSale: 1, pageIndex: 1, pageSize: 1 },
        supplier,
      ),
      'product list',
    );
    const product = must(
      await getJson<{ skus: { sysNo: number }[] }>(
        `${url}/api/myproduct/detail?id=${products.list[0]!.sysNo}`,
        supplier,
      ),
      'product detail',
    );
    const items = [{ skuId: product.skus[0]!.sysNo, quantity: products.list[0]!.minOrder }];
    const preview = must(
      await postJson<{ totalAmount: number }>(`${url}/api/checkout/preview`, { items }, purchaser),
      'checkout preview',
    );
    const addresses = must(
      await getJson<{ sysNo: number }[]>(`${url}/api/address/list`, purchaser),
      'addresses',
    );

    let next = 0;
    const stamp = String(Date.now()).slice(-4);
    /** One write of the kind; resolves to what identifies it once the server acknowledged it (code 0). */
    const write: Record<Kind, (n: number) => Promise<string | number>> = {
      register: async (n) => {
        const phone = `139${stamp}${String(n).padStart(4, '0')}`;
        const id = `crash-${phone}`;
        await fetch(`${url}/api/ImgVerificationCode?id=${id}`);
        const captcha = must(await getJson<{ text: string }>(`${url}/api/dev/captcha?id=${id}`), 'captcha');
        must(
          await postJson(`${url}/api/appuser/sendcode`, {
            phone,
            purpose: 'register',
            captchaId: id,
            captchaCode: captcha.text,
          }),
          'send code',
        );
        const outbox = must(
          await getJson<{ list: { body: string }[] }>(`${url}/api/dev/outbox?target=${phone}`),
          'outbox',
        );
        const code = /(\d{6})/.exec(outbox.list[0]?.body ?? '')?.[1] ?? '';
        must(
          await postJson(`${url}/api/appuser/originregister`, {
            phone,
            code,
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
            companyName: `断电测试企业${phone.slice(-6)}`,
            companyType: 4,
            agree: true,
          }),
          'register',
        );
        return phone;
      },
      message: async (n) => {
        const content = `断电测试消息${String(n).padStart(4, '0')}`;
        must(
          await postJson(`${url}/api/quotation/thread/post`, { quotationId, content }, purchaser),
          'message',
        );
        return content;
      },
      order: async () => {
        const res = await fetch(`${url}/api/checkout/submit`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-token': purchaser,
            'idempotency-key': crypto.randomUUID(),
          },
          body: JSON.stringify({
            source: { items },
            addressId: addresses[0]!.sysNo,
            invoiceKind: 0,
            shownTotal: preview.totalAmount,
          }),
        });
        const placed = must((await res.json()) as Envelope<{ orders: { id: number }[] }>, 'order');
        return placed.orders[0]!.id;
      },
      role: async (n) => {
        const name = `断电测试${String(n).padStart(4, '0')}`;
        must(await postJson(`${url}/api/role/create`, { name }, supplier), 'role');
        return name;
      },
    };

    const acked: Record<Kind, (string | number)[]> = { register: [], message: [], order: [], role: [] };
    const count = () => KINDS.reduce((sum, k) => sum + acked[k].length, 0);
    let killed = false;
    const stream = async (writer: number) => {
      for (let turn = writer; !killed; turn++) {
        const kind = KINDS[turn % KINDS.length]!;
        try {
          acked[kind].push(await write[kind](next++));
        } catch (err) {
          if (killed) return; // in flight when the server died: not acknowledged
          throw err;
        }
        if (!killed && count() >= ACKED_BEFORE_KILL && KINDS.every((k) => acked[k].length >= MIN_PER_KIND)) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => stream(i)));
    await first.stop('SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');
    for (const k of KINDS) expect(acked[k].length, k).toBeGreaterThanOrEqual(MIN_PER_KIND);

    server = await startServer(env);
    const again = server.url;
    const supplierAgain = await signIn(again, SUPPLIER);
    const purchaserAgain = await signIn(again, PURCHASER);

    // Registrations: every acknowledged company's administrator signs in with the password it chose.
    const notRegistered: unknown[] = [];
    for (const phone of acked.register) {
      const res = await postJson(`${again}/api/appuser/login`, { account: phone, password: NEW_PASSWORD });
      if (res.code !== 0) notRegistered.push(phone);
    }
    expect(notRegistered).toEqual([]);

    // Messages: all on the thread.
    const thread = must(
      await getJson<{ messages: { content: string }[] }>(
        `${again}/api/quotation/thread?quotationId=${quotationId}`,
        purchaserAgain,
      ),
      'thread',
    );
    const posted = new Set(thread.messages.map((m) => m.content));
    expect(acked.message.filter((c) => !posted.has(String(c)))).toEqual([]);

    // Orders: each opens for the purchaser, with its line.
    const lostOrders: unknown[] = [];
    for (const id of acked.order) {
      const res = await getJson<{ lines: unknown[] }>(`${again}/api/order/detail?id=${id}`, purchaserAgain);
      if (res.code !== 0 || !res.data.lines.length) lostOrders.push(id);
    }
    expect(lostOrders).toEqual([]);

    // Roles: all in the supplier's list.
    const found = new Set<string>();
    for (let page = 1; ; page++) {
      const res = must(
        await postJson<{ list: { name: string }[]; total: number }>(
          `${again}/api/role/list`,
          { keyword: '断电测试', pageIndex: page, pageSize: 100 },
          supplierAgain,
        ),
        'role list',
      );
      for (const r of res.list) found.add(r.name);
      if (res.list.length < 100) break;
    }
    expect(acked.role.filter((n) => !found.has(String(n)))).toEqual([]);
  }, 240_000);
});
