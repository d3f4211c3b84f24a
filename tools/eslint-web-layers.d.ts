import type { Rule } from 'eslint';

/** The local ESLint plugin: `fnodesk/web-layers`. */
export declare const fnodeskPlugin: { rules: { 'web-layers': Rule.RuleModule } };
