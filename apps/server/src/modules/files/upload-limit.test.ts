/**
 * The per-user upload limit (UPLOAD_RATE: 30 a minute) is one limit for the whole deployment, not one per
 * instance (issue 26, item 9): uploads spread over two instances on one database — and on one Redis — are counted
 * together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { anotherInstance, createTestApp, type TestApp } from '../../test/app.ts';
import { multipartBody, signedInCompanyAdmin } from '../../test/factories/index.ts';
import { redisReachable, TEST_REDIS_URL } from '../../test/redis.ts';
import { UPLOAD_RATE } from './upload-routes.ts';

const hasRedis = await redisReachable();
const stores = [
  { name: 'database', env: {} as Record<string, string>, enabled: true },
  { name: 'Redis', env: { REDIS_URL: TEST_REDIS_URL }, enabled: hasRedis },
];

for (const store of stores) {
  describe.skipIf(!store.enabled)(`per-user upload limit across instances (${store.name})`, () => {
    let t: TestApp;
    let second: FastifyInstance;
    beforeAll(async () => {
      t = await createTestApp({ env: store.env });
      second = await anotherInstance(t, store.env);
    });
    afterAll(async () => {
      await second?.close();
      await t?.close();
    });

    it('counts uploads on both instances against one allowance', async () => {
      const u = await signedInCompanyAdmin(t.database.db, {
        company: { name: `多实例上传公司${store.name}` },
      });
      if (store.env.REDIS_URL) {
        // User ids restart with each test database; Redis outlives it.
        const { Redis } = await import('ioredis');
        const redis = new Redis(TEST_REDIS_URL);
        await redis.del(`aquamall-rl:upload|u${u.id}`);
        redis.disconnect();
      }
      const { payload, headers } = await multipartBody([]);
      const codes: number[] = [];
      for (let i = 0; i < 2 * UPLOAD_RATE.limit; i++) {
        const app = i % 2 ? second : t.app;
        const res = await app.inject({
          method: 'POST',
          url: '/file/upload',
          payload,
          headers: { ...headers, 'x-token': u.token },
        });
        codes.push(res.json<{ code: number }>().code);
      }
      // Empty uploads (code 2) are counted; past the allowance: code 6, whichever instance answers.
      expect(codes.filter((c) => c === 2)).toHaveLength(UPLOAD_RATE.limit);
      expect(codes.slice(UPLOAD_RATE.limit).every((c) => c === 6)).toBe(true);
    });
  });
}
