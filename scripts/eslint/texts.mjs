// What a member reads comes from the catalogues (docs/decisions/032): a sentence written into JSX,
// or into a server error, would stay English in every language.

const WORDS = /\p{L}{2,}/u;
/** The attributes a member reads or hears (a screen reader says aria-label). */
const READ_ATTRIBUTES = new Set(['alt', 'title', 'placeholder', 'label', 'aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext']);
/** server/src/lib/app-error.ts: which argument of each is the message the member reads. */
const ERROR_MESSAGE_ARGUMENT = new Map([
  ['badRequest', 0],
  ['unauthenticated', 0],
  ['forbidden', 0],
  ['notFound', 0],
  ['conflict', 0],
  ['tooManyRequests', 0],
  ['AppError', 2],
]);

const isWords = (node) =>
  (node.type === 'Literal' && typeof node.value === 'string' && WORDS.test(node.value)) ||
  (node.type === 'TemplateLiteral' && node.quasis.some((quasi) => WORDS.test(quasi.value.cooked ?? '')));

/** @type {import('eslint').Rule.RuleModule} */
const literalText = {
  meta: {
    type: 'problem',
    messages: {
      jsx: 'Text a member reads belongs in a catalogue: add it to a texts module (docs/languages.md).',
      error: 'An error message is read by a member: take it from a texts module (docs/languages.md).',
    },
    schema: [],
  },
  create(context) {
    return {
      JSXText(node) {
        if (WORDS.test(node.value)) context.report({ node, messageId: 'jsx' });
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== 'JSXAttribute' && isWords(node.expression)) context.report({ node, messageId: 'jsx' });
      },
      JSXAttribute(node) {
        if (!READ_ATTRIBUTES.has(node.name.name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (isWords(value)) context.report({ node, messageId: 'jsx' });
      },
      'CallExpression, NewExpression'(node) {
        if (node.callee.type !== 'Identifier' || !ERROR_MESSAGE_ARGUMENT.has(node.callee.name)) return;
        const message = node.arguments[ERROR_MESSAGE_ARGUMENT.get(node.callee.name)];
        if (message && isWords(message)) context.report({ node, messageId: 'error' });
      },
    };
  },
};

export default { rules: { 'literal-text': literalText } };
