import { describe, expect, it, vi } from 'vitest';

// Counts the key pairs the sandbox makes (the real generator does the work).
const made = vi.hoisted(() => ({ n: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  const generateKeyPairSync = ((...args: Parameters<typeof crypto.generateKeyPairSync>) => {
    made.n++;
    return (crypto.generateKeyPairSync as (...a: unknown[]) => unknown)(...args);
  }) as typeof crypto.generateKeyPairSync;
  return { ...crypto, default: { ...crypto, generateKeyPairSync }, generateKeyPairSync };
});

const { PaySandbox } = await import('./sandbox.ts');
const { rsaSign, rsaVerify, wechatMessage } = await import('./wechatpay.ts');

describe('payment sandbox keys', () => {
  it('makes no RSA key pair while the sandbox and its adapters are built, each one on first use, then keeps it', () => {
    made.n = 0;
    const sandbox = new PaySandbox('http://127.0.0.1:3000');
    const wechat = sandbox.wechatAdapter('http://127.0.0.1:3000/api/pay/notify/wechat');
    sandbox.alipayAdapter('http://127.0.0.1:3000/api/pay/notify/alipay', 'http://127.0.0.1:3000/customer/order');
    expect(made.n).toBe(0);

    // The adapter signs with the merchant key the sandbox checks against: one pair made.
    const header = wechat.authorization('GET', '/v3/pay/transactions/out-trade-no/P1?mchid=1900000109', '', 1_700_000_000, 'n1');
    expect(made.n).toBe(1);
    const signature = /signature="([^"]+)"/.exec(header)![1]!;
    const message = wechatMessage(['GET', '/v3/pay/transactions/out-trade-no/P1?mchid=1900000109', '1700000000', 'n1', '']);
    expect(rsaVerify(sandbox.wechat.merchantKeys().publicKey, message, signature)).toBe(true);
    expect(made.n).toBe(1);

    // The sandbox signs with the platform key the adapter verifies against: the second pair, the same each time.
    const body = '{"id":"x"}';
    const headers = {
      'wechatpay-timestamp': '1700000000',
      'wechatpay-nonce': 'n2',
      'wechatpay-serial': sandbox.wechat.platformSerial,
      'wechatpay-signature': rsaSign(sandbox.keys.platformPrivate, wechatMessage(['1700000000', 'n2', body])),
    };
    expect(wechat.verifySigned(headers, body)).toBeNull();
    expect(wechat.verifySigned({ ...headers, 'wechatpay-nonce': 'n3' }, body)).toBe('bad_sign');
    expect(made.n).toBe(3); // `keys` also handed over the Alipay key
    expect(sandbox.keys.platformPrivate).toBe(sandbox.keys.platformPrivate);
    expect(made.n).toBe(3);
  });
});
