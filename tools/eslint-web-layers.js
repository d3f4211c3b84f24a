// ESLint rule for the web app's layers (ARCHITECTURE §1, CONVENTIONS habit 2): features never import each other,
// shared components never import features or the app layer, lib/ imports none of them. Relative imports are
// resolved to real paths, so `../../other-feature/x` is caught however deep the importing file sits.
import { dirname, relative, resolve, sep } from 'node:path';

const WEB_SRC = resolve(import.meta.dirname, '../apps/web/src');

/** The layer a file belongs to: app, components, lib, features/<name>, or null outside apps/web/src. */
function layerOf(file) {
  const rel = relative(WEB_SRC, file);
  if (rel.startsWith('..') || rel === '') return null;
  const [top, second] = rel.split(sep);
  if (top === 'features' && second) return `features/${second}`;
  return top === 'app' || top === 'components' || top === 'lib' ? top : null;
}

function violation(from, to) {
  if (!from || !to || from === to) return null;
  if (from.startsWith('features/')) {
    if (to.startsWith('features/')) return 'Features never import each other; compose them in a page under app/.';
    if (to === 'app') return 'Features do not import the app layer; the app composes features.';
  }
  if (from === 'components' && (to === 'app' || to.startsWith('features/'))) {
    return 'Shared components hold no feature or app code.';
  }
  if (from === 'lib' && to !== 'lib') return 'lib/ is the bottom layer of the web app.';
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Enforces the web app layer boundaries.' } },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const message = violation(from, layerOf(resolve(dirname(context.filename), source)));
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/** The local plugin: `fnodesk/web-layers`. */
export const fnodeskPlugin = { rules: { 'web-layers': rule } };
