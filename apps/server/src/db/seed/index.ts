import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client.ts';
import { isEmpty } from '../client.ts';
import type { Storage } from '../../lib/storage.ts';

/** Seeds the demo marketplace on first start of an empty database. */
export async function seedIfEmpty(db: Db, storage: Storage, log: FastifyBaseLogger): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  log.info('empty database: seeding demo data');
  await seedDemo(db, storage);
  return true;
}

// TODO(seed): the full demo seed lands with the seed module.
export async function seedDemo(_db: Db, _storage: Storage): Promise<void> {}
