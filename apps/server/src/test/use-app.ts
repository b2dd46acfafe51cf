import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { call } from './http.ts';

/**
 * The application of one test file, made before its tests and closed after them (createTestApp with `opts`).
 * Call it at the top of the file: `const t = useTestApp(); const { db, http } = t;`. `t.app`, `t.database` and
 * `t.filesDir` read the running application (they throw outside the tests); `db()` is its database and `http` calls
 * it by URL with a token (as factories' `api`), both usable from the top of the file because they look the
 * application up when called.
 */
export function useTestApp(opts: Parameters<typeof createTestApp>[0] = {}) {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(opts);
  });
  afterAll(async () => current?.close());
  const need = (): TestApp => {
    if (!current) throw new Error('useTestApp: the application exists only while the file’s tests run');
    return current;
  };
  return {
    get app() {
      return need().app;
    },
    get database() {
      return need().database;
    },
    get filesDir() {
      return need().filesDir;
    },
    db: () => need().database.db,
    http: {
      post: <T = unknown>(token: string | null, url: string, body: unknown = {}) => call<T>(need().app, token, 'POST', url, body),
      get: <T = unknown>(token: string | null, url: string) => call<T>(need().app, token, 'GET', url),
    },
  };
}
