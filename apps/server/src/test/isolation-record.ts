import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import { endpointGroups } from '@aquamall/shared/endpoints';
import { ISOLATION_PROBES, probedBy, type IsolationFile } from './isolation-coverage.ts';

/**
 * The runtime record of the isolation tests (docs/decisions/0092-quality-pass.md): a test names the tokens of
 * callers that belong to another company than the records it aims at (`crossCompanyCaller`), and every request
 * the test app answers for such a token is recorded under its endpoint descriptor's name. A test file that
 * probes isolation is listed in `ISOLATION_PROBES` with its tests, the endpoints it is responsible for name it
 * on their descriptors (`isolation: probedIn(file)`), and it calls `expectCrossCompanyProbes(file)`: after its
 * tests, each of those endpoints must have been called by such a caller, or the file fails naming the ones that
 * were not. `isolation.test.ts` checks that every company-scoped descriptor declares a probe file or an exemption.
 */

/** Endpoint descriptor → its name in `endpointGroups` (e.g. `tenderSave`). */
const nameOf = new Map<object, string>();
for (const group of Object.values(endpointGroups))
  for (const [name, e] of Object.entries(group as Record<string, object>)) nameOf.set(e, name);

/** Marked tokens → the test that marked them (null: marked outside a test, so for the whole file). */
const outsiders = new Map<string, string | null>();
/** Endpoint name → the tests (by name) in which a caller of another company called it. */
const called = new Map<string, Set<string>>();

/**
 * Marks a session token as a caller of another company than the records the test aims at; returns it. Marked
 * inside a test it counts for that test only (the same company's own calls in other tests are not probes).
 */
export function crossCompanyCaller<T extends string | null | undefined>(token: T): T {
  if (token) outsiders.set(token, expect.getState().currentTestName ?? null);
  return token;
}

/** Installed by createTestApp before the app is ready: records what the marked callers reach. */
export function recordCrossCompanyCalls(app: FastifyInstance): void {
  app.addHook('onResponse', async (request) => {
    if (!outsiders.size) return;
    const header = request.headers['x-token'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || !outsiders.has(token)) return;
    const test = expect.getState().currentTestName ?? null;
    const scope = outsiders.get(token);
    if (scope !== null && scope !== test) return;
    const endpoint = (request.routeOptions.config as { endpoint?: object } | undefined)?.endpoint;
    const name = endpoint && nameOf.get(endpoint);
    if (!name) return;
    let tests = called.get(name);
    if (!tests) called.set(name, (tests = new Set()));
    tests.add(test ?? '(outside a test)');
  });
}

/** The endpoints a caller of another company has called so far in this process. */
export const crossCompanyCalls = (): ReadonlyMap<string, ReadonlySet<string>> => called;

/** The declared endpoints of `file` no caller of another company called (exported for the tests of this). */
export function unprobed(file: IsolationFile): string[] {
  return probedBy(file).filter((name) => !called.has(name));
}

/**
 * After the file's tests: every endpoint whose descriptor names `file` as its probe was called by a caller of another
 * company. Skipped when one of the file's isolation tests (`tests`, by title) was filtered out, skipped or
 * failed: a partial run proves nothing, and a failure is already reported.
 */
export function expectCrossCompanyProbes(file: IsolationFile): void {
  // Vitest hands fixtures first (it insists on a destructuring pattern there) and the file suite second.
  // eslint-disable-next-line no-empty-pattern
  afterAll(({}, suite) => {
    const tests: { name: string; mode: string; result?: { state?: string } }[] = [];
    const walk = (t: {
      type?: string;
      name: string;
      mode: string;
      result?: { state?: string };
      tasks?: unknown[];
    }) => {
      if (t.type === 'test') tests.push(t);
      for (const c of t.tasks ?? []) walk(c as typeof t);
    };
    walk(suite as unknown as Parameters<typeof walk>[0]);
    const { tests: titles } = ISOLATION_PROBES[file];
    for (const title of titles) {
      const test = tests.find((t) => t.name.includes(title));
      expect(
        test,
        `${file}: no test named "${title}" (ISOLATION_PROBES in test/isolation-coverage.ts)`,
      ).toBeDefined();
      if (test!.mode !== 'run' || test!.result?.state !== 'pass') return;
    }
    const missing = unprobed(file);
    expect(
      missing.map((name) => `${name} ${endpointPath(name)}`),
      `${file}: endpoints whose descriptors name it as their isolation probe (isolation: probedIn) that no caller of another ` +
        'company called in its isolation tests (mark the outsider with crossCompanyCaller(token) and call them)',
    ).toEqual([]);
  });
}

function endpointPath(name: string): string {
  for (const group of Object.values(endpointGroups)) {
    const e = (group as Record<string, { method: string; path: string }>)[name];
    if (e) return `${e.method} ${e.path}`;
  }
  return '(unknown)';
}
