import postcss, { type Rule } from 'postcss';
import type { Plugin } from 'vite';

/**
 * Bootstrap's compiled stylesheet without the partials the app never uses (issue 13). Bootstrap
 * is imported as `bootstrap/dist/css/bootstrap.min.css` (there is no Sass compiler in the
 * workspace to import partials one by one), so this drops, at build time, every rule whose
 * selectors all belong to one of the components below, and their keyframes.
 *
 * Whole components only, never single utilities: react-bootstrap builds many class names at run
 * time from props (`variant`, `bg`, `placement`…), so purging by the class names found in the
 * sources would drop classes that are in use. Using one of these components (react-bootstrap's
 * `Accordion`, `Carousel`, `Offcanvas`, `Toast`, `Popover`, `Tooltip`, `Placeholder`, or the
 * classes in JSX) means taking it out of this list.
 */
export const UNUSED_BOOTSTRAP_PARTS = [
  'accordion',
  'carousel',
  'offcanvas',
  'toast',
  'popover',
  'tooltip',
  // `.bs-popover-*`, `.bs-tooltip-*`: the placements of the two above.
  'bs-popover',
  'bs-tooltip',
  'placeholder',
  // helpers/_colored-links, _icon-link, _focus-ring, _stretched-link, _vr; utilities `link-*`.
  'link',
  'icon-link',
  'focus-ring',
  'stretched-link',
  'vr',
] as const;

const BOOTSTRAP_CSS =
  /[\\/]node_modules[\\/]bootstrap[\\/]dist[\\/]css[\\/]bootstrap(\.min)?\.css$/;
const CLASS_NAME = /\.(-?[_a-zA-Z][\w-]*)/g;

const isUnusedClass = (name: string) =>
  UNUSED_BOOTSTRAP_PARTS.some((part) => name === part || name.startsWith(`${part}-`));

/** A selector that needs an unused component's class can never match anything of ours. */
const selectsUnusedPart = (selector: string) =>
  [...selector.matchAll(CLASS_NAME)].some(([, name = '']) => isUnusedClass(name));

const isUnusedRule = (rule: Rule) => rule.selectors.every(selectsUnusedPart);

/** Removes the unused components' rules and keyframes, then any at-rule left empty. */
export const dropUnusedBootstrap = (css: string): string => {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const inKeyframes = rule.parent?.type === 'atrule' && /keyframes$/.test(rule.parent.name);
    if (!inKeyframes && isUnusedRule(rule)) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (/keyframes$/.test(atRule.name) && isUnusedClass(atRule.params)) atRule.remove();
  });
  // An emptied @media inside another one empties its parent in turn.
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((atRule) => {
      if (!atRule.nodes || atRule.nodes.length > 0) return;
      atRule.remove();
      emptied = true;
    });
  }
  return root.toString();
};

export const bootstrapCss = (): Plugin => ({
  name: 'tvsistema:bootstrap-css',
  // Before Vite's own CSS handling, which bundles and minifies what this returns.
  // Also in development: a class of the list must be missing there too, not only in production.
  enforce: 'pre',
  transform(code, id) {
    if (!BOOTSTRAP_CSS.test(id)) return null;
    return { code: dropUnusedBootstrap(code), map: null };
  },
});
