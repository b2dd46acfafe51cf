import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, errorText, type ErrorCatalogue } from '@aquamall/shared';
import { commonErrors } from './errors.ts';
import { kernelErrors } from './messages.ts';

/** Every error catalogue: the kernel's and each module's `messages.ts` (docs/errors.md). */
async function catalogues(): Promise<[string, ErrorCatalogue][]> {
  const modules = join(import.meta.dirname, '..', 'modules');
  const found: [string, ErrorCatalogue][] = [
    ['common', commonErrors],
    ['kernel', kernelErrors],
  ];
  for (const name of readdirSync(modules)) {
    const file = join(modules, name, 'messages.ts');
    if (!existsSync(file)) continue;
    const mod = (await import(file)) as Record<string, unknown>;
    found.push([name, mod[`${name}Errors`] as ErrorCatalogue]);
  }
  return found;
}

describe('error catalogues', () => {
  it('name each identity once across all catalogues, with a known kind and a Chinese text', async () => {
    const seen = new Map<string, string>();
    const all = await catalogues();
    expect(all.length).toBeGreaterThan(10);
    for (const [owner, catalogue] of all) {
      expect(catalogue, owner).toBeTruthy();
      for (const [identity, spec] of Object.entries(catalogue)) {
        expect(identity, owner).toMatch(/^[A-Z][A-Z0-9_]*$/);
        expect(seen.get(identity), `${identity} in ${owner} and ${seen.get(identity)}`).toBeUndefined();
        seen.set(identity, owner);
        expect(Object.keys(ERROR_KINDS), identity).toContain(spec.kind);
        // Every parameter as ['1']: shows as 1 in a template and joins as a list.
        const text = String(errorText(spec, new Proxy({}, { get: () => ['1'] })));
        // A text built only of its parameters (CHECKOUT_LINE_REFUSED carries the orders' words) is exempt.
        if (typeof spec.message === 'string' || text !== '1') expect(text, identity).toMatch(/[\u4e00-\u9fff]/);
        // No field name in English (camelCase words) reaches a user.
        expect(text, identity).not.toMatch(/\b[a-z]+[A-Z]\w*/);
      }
    }
  });
});
