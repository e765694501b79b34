// ESLint rule `aik/model-text`: in a lit `html` template, a string a model wrote is shown only
// through `safeText()` (src/elements/shared/safe-text.ts), which isolates its direction and
// shows hidden characters as marks. It reports any text-position interpolation that
// reads a model field (`request.title`, `item.caption`, `option.label`, …) or a local named like
// one (`label`, `heading`, …) without going through that helper.

/** Properties of the protocol's requests, options, questions, file parts and responses that hold model (or user) text. */
const FIELDS = new Set([
  'title', 'message', 'details', 'label', 'description', 'header', 'question', 'caption', 'name',
  'path', 'text', 'requester', 'heading', 'summary', 'raw_value', 'delivery_reason', 'reason',
  'announcement', 'before', 'host', 'after',
]);
/** Local names that, by this codebase's habit, hold one of those fields. */
const LOCALS = new Set([
  'title', 'message', 'details', 'label', 'description', 'header', 'caption', 'name', 'path', 'text',
  'requester', 'heading', 'reason', 'raw', 'extra', 'shown', 'announcement',
]);
/** Calls whose result is safe to interpolate: the helper itself, and helpers built on it. */
const SAFE_CALLS = new Set(['safeText', 'safeTextContent', 'longText']);

const calleeName = (callee) =>
  callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed ? callee.property.name : '';

/** `strings.x.y` or `this.strings.x`: the kit's own string tables, not model text. */
function isStringsTable(node) {
  let object = node;
  while (object.type === 'MemberExpression') {
    if (!object.computed && object.property.name === 'strings' && object.object.type === 'ThisExpression') return true;
    object = object.object;
  }
  return object.type === 'Identifier' && object.name === 'strings';
}

/** The model field an expression shows as text, if any. */
function modelField(node) {
  if (!node) return undefined;
  switch (node.type) {
    case 'Identifier':
      return LOCALS.has(node.name) ? node.name : undefined;
    case 'MemberExpression':
      if (isStringsTable(node)) return undefined;
      return !node.computed && FIELDS.has(node.property.name) ? node.property.name : undefined;
    case 'ChainExpression':
    case 'TSNonNullExpression':
    case 'TSAsExpression':
      return modelField(node.expression);
    case 'ConditionalExpression':
      return modelField(node.consequent) ?? modelField(node.alternate);
    case 'LogicalExpression':
    case 'BinaryExpression':
      return modelField(node.left) ?? modelField(node.right);
    case 'TemplateLiteral':
      return node.expressions.map(modelField).find(Boolean);
    case 'CallExpression': {
      const name = calleeName(node.callee);
      // A safe helper, or one of the element's own render methods (whose templates are checked where they are written).
      if (SAFE_CALLS.has(name) || /^render[A-Z]/.test(name)) return undefined;
      return node.arguments.map(modelField).find(Boolean);
    }
    default:
      // Templates, functions (event handlers, map callbacks) and literals are checked, or safe, where they are.
      return undefined;
  }
}

/** Whether the interpolation after these static parts sits in text, not inside a tag's attributes. */
function inText(quasis, index) {
  const before = quasis.slice(0, index + 1).map((quasi) => quasi.value.raw).join('');
  return before.lastIndexOf('<') <= before.lastIndexOf('>');
}

export const modelTextRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Model-written strings reach a lit template only through safeText()' },
    messages: { raw: '`{{field}}` may hold model text: render it with safeText() (src/elements/shared/safe-text.ts), never raw.' },
    schema: [],
  },
  create(context) {
    return {
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'html') return;
        const { quasis, expressions } = node.quasi;
        expressions.forEach((expression, index) => {
          if (!inText(quasis, index)) return;
          const field = modelField(expression);
          if (field) context.report({ node: expression, messageId: 'raw', data: { field } });
        });
      },
    };
  },
};

export default { rules: { 'model-text': modelTextRule } };
