// Local ESLint rule: server modules (apps/server/src/modules/<m>/) meet through their public faces.
//  (a) an import from outside module M into M targets M's face, `modules/M/index.ts` (auto-fixable: `eslint --fix`
//      rewrites the path; `node scripts/module-faces.mjs` adds the names the face must export);
//  (b) no import from a lower layer to a higher one (layers: eslint/server-modules.js, docs/architecture.md),
//      and lib/, plugins/ and db/ import no module;
//  (c) no module cycle: an import between two modules that reach each other round a loop is refused.
// Tests and test helpers may reach into any module. The reaches still to be broken are listed in
// server-modules.js (KNOWN_REACHES), which may only shrink. See docs/decisions/0212-module-faces.md.
import path from 'node:path';
import { KNOWN_REACHES, LAYERS, LAYER_NAMES, areaOf, buildModuleGraph, faceSpecifier, isFace, isTest, moduleCycles, moduleOf, serverSrc, srcPath } from './server-modules.js';

let cycleOf = null;
/** Module → its cycle (the strongly connected knot it is in), from the files on disk, once per process. */
function cycles() {
  if (!cycleOf) {
    cycleOf = new Map();
    for (const knot of moduleCycles(buildModuleGraph(serverSrc, { known: false }))) for (const m of knot) cycleOf.set(m, knot);
  }
  return cycleOf;
}

export default {
  meta: {
    type: 'problem',
    fixable: 'code',
    docs: { description: 'server modules import each other through their faces, downwards and without cycles' },
    schema: [{ type: 'object', properties: { cycles: { type: 'boolean' } }, additionalProperties: false }],
    messages: {
      face: "Import module '{{to}}' through its face '{{face}}', not its internals (run `eslint --fix` and `node scripts/module-faces.mjs`).",
      layer: "Module '{{from}}' (layer {{fromLayer}}) may not import '{{to}}' (layer {{toLayer}}): pass the decision down as a callback, registration or event.",
      area: "{{area}}/ imports no module (here '{{to}}'): inject it from app.ts instead.",
      cycle: "Modules '{{from}}' and '{{to}}' reach each other ({{knot}}): keep one direction.",
      unknown: "Module '{{module}}' has no layer: add it to eslint/server-modules.js and docs/architecture.md.",
    },
  },
  create(context) {
    const file = context.filename;
    const area = areaOf(file);
    if (!area || isTest(file)) return {};
    const from = moduleOf(file);
    const checkCycles = context.options[0]?.cycles !== false;
    const check = (node, sourceNode) => {
      const source = sourceNode?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), source);
      const to = moduleOf(resolved);
      if (!to || to === from) return;
      if (!isFace(resolved)) {
        const face = faceSpecifier(file, to);
        context.report({
          node: sourceNode,
          messageId: 'face',
          data: { to, face },
          fix: (fixer) => {
            const quoted = `${sourceNode.raw[0]}${face}${sourceNode.raw[0]}`;
            const def = node.type === 'ImportDeclaration' && node.specifiers.find((s) => s.type === 'ImportDefaultSpecifier');
            if (!def) return fixer.replaceText(sourceNode, quoted);
            // A default import becomes the name the face exports it as (`export { default as X }`).
            if (node.specifiers.some((s) => s.type === 'ImportNamespaceSpecifier')) return null;
            const code = context.sourceCode;
            const names = node.specifiers.map((s) => (s === def ? s.local.name : code.getText(s)));
            return fixer.replaceText(node, `import ${node.importKind === 'type' ? 'type ' : ''}{ ${names.join(', ')} } from ${quoted};`);
          },
        });
      }
      if (KNOWN_REACHES.has(`${srcPath(file)} -> ${to}`)) return;
      if (LAYERS[to] === undefined) return context.report({ node, messageId: 'unknown', data: { module: to } });
      if (area !== 'module') {
        if (area !== 'root') context.report({ node, messageId: 'area', data: { area, to } });
        return;
      }
      if (LAYERS[from] === undefined) return context.report({ node, messageId: 'unknown', data: { module: from } });
      if (LAYERS[to] > LAYERS[from]) {
        context.report({
          node,
          messageId: 'layer',
          data: { from, to, fromLayer: `${LAYERS[from]} ${LAYER_NAMES[LAYERS[from]]}`, toLayer: `${LAYERS[to]} ${LAYER_NAMES[LAYERS[to]]}` },
        });
      }
      if (checkCycles) {
        const knot = cycles().get(from);
        if (knot?.includes(to)) context.report({ node, messageId: 'cycle', data: { from, to, knot: knot.join(', ') } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source),
    };
  },
};
