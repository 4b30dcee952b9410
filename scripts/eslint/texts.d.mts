import type { Rule } from 'eslint';

declare const plugin: { rules: { 'literal-text': Rule.RuleModule } };
export default plugin;
