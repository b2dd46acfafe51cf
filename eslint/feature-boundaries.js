// Local ESLint rule: a web feature (apps/web/src/features/<name>/) imports from components/, lib/, the session
// feature and itself, never from another feature; components/ and lib/ import no feature but the session.
// (A rule of ~40 lines instead of eslint-plugin-boundaries and its resolver: docs/decisions/0090-feature-boundaries.md.)
import path from 'node:path';

const FEATURES = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;
const SHARED_LAYERS = ['components', 'lib'].map((d) => `${path.sep}apps${path.sep}web${path.sep}src${path.sep}${d}${path.sep}`);
const ALWAYS_ALLOWED = new Set(['session']);

/** The feature a file belongs to, or null. */
function featureOf(file) {
  const i = file.indexOf(FEATURES);
  if (i < 0) return null;
  return file.slice(i + FEATURES.length).split(path.sep)[0] ?? null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'web features do not import each other' },
    schema: [],
    messages: {
      crossFeature: "Feature '{{from}}' may not import from feature '{{to}}': move the shared piece to components/ or lib/.",
      layer: "components/ and lib/ may not import from feature '{{to}}'.",
    },
  },
  create(context) {
    const file = context.filename;
    const from = featureOf(file);
    const inSharedLayer = SHARED_LAYERS.some((d) => file.includes(d));
    if (!from && !inSharedLayer) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(file), source));
      if (!to || to === from || ALWAYS_ALLOWED.has(to)) return;
      context.report({ node, messageId: from ? 'crossFeature' : 'layer', data: { from, to } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
