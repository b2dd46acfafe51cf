// Local ESLint rule: a form field's rules come from the shared zod schema the server validates with
// (`formRules(schema)` / `zodRule(schema)`, apps/web/src/lib/form-rules.ts), never from an inline antd rule object
// that says `required`, `pattern`, `min`, `max`, `len`, `whitespace` or `type` a second time, with its own message
// (an inline `validator` too: a shared check becomes a rule with `problemRule(check)`).

const HAND_WRITTEN = new Set(['required', 'pattern', 'min', 'max', 'len', 'whitespace', 'type', 'validator']);

const keyName = (p) =>
  p.type === 'Property' && !p.computed ? (p.key.type === 'Identifier' ? p.key.name : p.key.value) : null;

/** The hand-written rule objects of an expression: array elements, both sides of `a ? [...] : [...]`, spreads. */
function* handWritten(node) {
  if (!node) return;
  switch (node.type) {
    case 'ArrayExpression':
      for (const el of node.elements) yield* handWritten(el?.type === 'SpreadElement' ? el.argument : el);
      return;
    case 'ConditionalExpression':
      yield* handWritten(node.consequent);
      yield* handWritten(node.alternate);
      return;
    case 'LogicalExpression':
      yield* handWritten(node.right);
      return;
    case 'ObjectExpression': {
      const key = node.properties.map(keyName).find((k) => k && HAND_WRITTEN.has(k));
      if (key) yield { node, key };
      return;
    }
    default:
  }
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'form rules come from the shared zod schema (formRules / zodRule)' },
    schema: [],
    messages: {
      inline:
        "Hand-written form rule ('{{key}}'): take the field's rules from the shared zod schema the server uses, `formRules(schema).field` or `zodRule(schema.shape.field)`, or a shared check with `problemRule(check)` (apps/web/src/lib/form-rules.ts); add the Chinese message to the schema.",
    },
  },
  create(context) {
    return {
      JSXAttribute(node) {
        if (node.name.name !== 'rules' || node.value?.type !== 'JSXExpressionContainer') return;
        for (const found of handWritten(node.value.expression))
          context.report({ node: found.node, messageId: 'inline', data: { key: found.key } });
      },
    };
  },
};
