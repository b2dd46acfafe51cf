// Code comments point inside the repository: no citation of the external product documents (`SPEC §n`,
// `DESIGN §n`) in the sources or the docs, and every link to docs/product/*.md#anchor names a page and a heading
// that exist (the product docs keep their headings stable for these links; docs/decisions/0192).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'data', 'coverage', 'test-results', 'playwright-report', '.git']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|jsx|md|txt|css|html|sql|ya?ml)$/;

function* walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) yield* walk(path.join(dir, e.name));
    } else if (TEXT.test(e.name)) yield path.join(dir, e.name);
  }
}

const rel = (abs) => path.relative(root, abs).split(path.sep).join('/');
const sources = ['apps', 'packages', 'e2e', 'docs'].flatMap((d) => [...walk(path.join(root, d))]);
sources.push(path.join(root, 'README.md'));
// This file names the pattern it forbids.
const files = sources.filter((f) => rel(f) !== 'eslint/doc-links.test.js').map((abs) => ({ file: rel(abs), text: fs.readFileSync(abs, 'utf8') }));

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (page) => {
  const text = fs.readFileSync(path.join(root, page), 'utf8');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1])));
};

describe('links from the code into the docs', () => {
  it('cites no document outside the repository (SPEC §n / DESIGN §n): link docs/product/… instead', () => {
    const found = [];
    for (const { file, text } of files)
      text.split('\n').forEach((line, i) => {
        if (/\b(SPEC|DESIGN)(\.md)? ?§/.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    expect(found).toEqual([]);
  });

  it('links only to product pages and headings that exist', () => {
    const cache = new Map();
    const broken = [];
    for (const { file, text } of files) {
      const refs = [...text.matchAll(/docs\/product\/([\w-]+\.md)(?:#([\w-]+))?/g)].map((m) => [m[0], `docs/product/${m[1]}`, m[2]]);
      // Relative Markdown links that land in docs/product (`](orders.md#timed-rules)`, `](../product/…)`).
      if (file.endsWith('.md'))
        for (const m of text.matchAll(/\]\(([\w./-]+\.md)(?:#([\w-]+))?\)/g)) {
          const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]));
          if (target.startsWith('docs/product/')) refs.push([m[0], target, m[2]]);
        }
      for (const [ref, page, anchor] of refs) {
        if (!cache.has(page)) cache.set(page, fs.existsSync(path.join(root, page)) ? anchorsOf(page) : null);
        const anchors = cache.get(page);
        if (!anchors) broken.push(`${file}: ${ref} (no such page)`);
        else if (anchor && !anchors.has(anchor)) broken.push(`${file}: ${ref} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('finds a citation and a broken anchor when there is one', () => {
    expect(/\b(SPEC|DESIGN)(\.md)? ?§/.test(['/** the gate of SPEC', '§4 */'].join(' '))).toBe(true);
    expect(slug('Timed rules')).toBe('timed-rules');
    expect(slug('Recharge and refund requests')).toBe('recharge-and-refund-requests');
    expect(anchorsOf('docs/product/orders.md').has('timed-rules')).toBe(true);
  });
});
