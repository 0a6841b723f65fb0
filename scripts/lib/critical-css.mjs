import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

// The stylesheet of a prerendered page, cut down to the rules its own HTML can use
// (docs/decisions/0044-critical-css-inline-on-prerendered-pages.md). The site's stylesheet is
// Tailwind's, minified: nearly every rule names the classes it applies to. A rule is kept unless each
// of its selectors names a class that no element of the page carries; rules without classes (the
// reset, element selectors, variables, keyframes, @property) are always kept. Nothing is reordered,
// so the cascade is the full stylesheet's for every element the page has.

/** The classes of every `class` attribute in the HTML (templates and noscript content included). */
export function classesOfHtml(html) {
  const classes = new Set();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeEntities(match[1]).split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

const entities = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeEntities = (text) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
    if (name[0] !== '#') return entities[name.toLowerCase()] ?? whole;
    return String.fromCodePoint(
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)),
    );
  });

/** The index just past the string that starts at `start` (a quote), escapes honoured. */
function skipString(text, start) {
  const quote = text[start];
  let index = start + 1;
  while (index < text.length && text[index] !== quote) index += text[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** The index just past the bracket group that opens at `start` (`(`, `[` or `{`), strings honoured. */
function skipGroup(text, start) {
  const open = text[start];
  const close = { '(': ')', '[': ']', '{': '}' }[open];
  let depth = 0;
  let index = start;
  while (index < text.length) {
    const char = text[index];
    if (char === '\\') index += 2;
    else if (char === '"' || char === "'") index = skipString(text, index);
    else {
      if (char === open) depth += 1;
      else if (char === close && --depth === 0) return index + 1;
      index += 1;
    }
  }
  return index;
}

/** `\31 0` and `\:` as the characters they stand for. */
const unescapeIdentifier = (escaped) =>
  escaped.replace(/\\([0-9a-f]{1,6})\s?|\\(.)/gi, (_, hex, char) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : char,
  );

/**
 * The classes a selector requires of its subject or its ancestors: every `.class` outside attribute
 * brackets and outside `:not(…)` (a class named there is one the element must lack).
 */
export function requiredClasses(selector) {
  const classes = [];
  let index = 0;
  while (index < selector.length) {
    const char = selector[index];
    if (char === '\\') index += 2;
    else if (char === '"' || char === "'") index = skipString(selector, index);
    else if (char === '[') index = skipGroup(selector, index);
    else if (selector.startsWith(':not(', index)) index = skipGroup(selector, index + 4);
    else if (char === '.') {
      const identifier = /^(?:\\[0-9a-f]{1,6}\s?|\\.|[\w-]|[^\p{ASCII}])+/iu.exec(selector.slice(index + 1));
      if (identifier) classes.push(unescapeIdentifier(identifier[0]));
      index += 1 + (identifier?.[0].length ?? 0);
    } else index += 1;
  }
  return classes;
}

/** Splits a selector list on its top-level commas. */
function selectorsOf(list) {
  const selectors = [];
  let start = 0;
  let index = 0;
  while (index < list.length) {
    const char = list[index];
    if (char === '\\') index += 2;
    else if (char === '"' || char === "'") index = skipString(list, index);
    else if (char === '(' || char === '[') index = skipGroup(list, index);
    else {
      if (char === ',') {
        selectors.push(list.slice(start, index));
        start = index + 1;
      }
      index += 1;
    }
  }
  selectors.push(list.slice(start));
  return selectors;
}

/**
 * `css` without the style rules none of whose selectors can match an element with only `classes`.
 * At-rules that hold rules (@media, @supports, @layer, @container) are filtered inside and dropped when
 * left empty; every other at-rule is kept whole.
 */
export function criticalCss(css, classes) {
  const isUsable = (selector) => requiredClasses(selector).every((name) => classes.has(name));
  let output = '';
  let index = 0;
  while (index < css.length) {
    // A prelude runs up to `{` (a block follows) or `;` (a statement such as `@layer a,b;` or `@import`).
    let end = index;
    while (end < css.length && css[end] !== '{' && css[end] !== ';' && css[end] !== '}') {
      const char = css[end];
      if (char === '\\') end += 2;
      else if (char === '"' || char === "'") end = skipString(css, end);
      else if (char === '(' || char === '[') end = skipGroup(css, end);
      else end += 1;
    }
    const prelude = css.slice(index, end).trim();
    if (end >= css.length || css[end] === '}') {
      output += prelude;
      index = end + 1;
      continue;
    }
    if (css[end] === ';') {
      output += `${prelude};`;
      index = end + 1;
      continue;
    }
    const blockEnd = skipGroup(css, end);
    const body = css.slice(end + 1, blockEnd - 1);
    index = blockEnd;
    if (prelude.startsWith('@')) {
      if (!/^@(media|supports|layer|container)\b/i.test(prelude)) {
        output += `${prelude}{${body}}`;
        continue;
      }
      const inner = criticalCss(body, classes);
      // `@layer name{}` still fixes the layer's place in the order: kept when it declared no names before.
      if (inner || /^@layer\b/i.test(prelude)) output += `${prelude}{${inner}}`;
      continue;
    }
    if (selectorsOf(prelude).some(isUsable)) output += `${prelude}{${body}}`;
  }
  return output;
}

const themeBlock = /(:root,:host)\{([^{}]*)\}/g;
const referencedVariables = (text) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]);

/** Splits declarations on their top-level semicolons. */
function declarationsOf(body) {
  const declarations = [];
  let start = 0;
  let index = 0;
  while (index < body.length) {
    const char = body[index];
    if (char === '\\') index += 2;
    else if (char === '"' || char === "'") index = skipString(body, index);
    else if (char === '(' || char === '[') index = skipGroup(body, index);
    else {
      if (char === ';') {
        declarations.push(body.slice(start, index));
        start = index + 1;
      }
      index += 1;
    }
  }
  if (body.slice(start).trim()) declarations.push(body.slice(start));
  return declarations;
}

/**
 * `css` without the theme's variables (Tailwind's `:root,:host` blocks) that nothing left in it uses,
 * directly or through another variable.
 */
export function withoutUnusedThemeVariables(css) {
  const themeValues = new Map();
  for (const [, , body] of css.matchAll(themeBlock)) {
    for (const declaration of declarationsOf(body)) {
      const colon = declaration.indexOf(':');
      const name = declaration.slice(0, colon).trim();
      if (name.startsWith('--'))
        themeValues.set(name, [...(themeValues.get(name) ?? []), declaration.slice(colon + 1)]);
    }
  }
  const used = new Set();
  const pending = referencedVariables(css.replace(themeBlock, ''));
  while (pending.length > 0) {
    const name = pending.pop();
    if (used.has(name)) continue;
    used.add(name);
    for (const value of themeValues.get(name) ?? []) pending.push(...referencedVariables(value));
  }
  return css.replace(themeBlock, (_, selector, body) => {
    const kept = declarationsOf(body).filter((declaration) => {
      const name = declaration.slice(0, declaration.indexOf(':')).trim();
      return !name.startsWith('--') || used.has(name);
    });
    return kept.length > 0 ? `${selector}{${kept.join(';')}}` : '';
  });
}

const stylesheetLink = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"[^>]*\/?>/;

/** Every .html file under `dir` (the prerendered pages; the assets folder holds none). */
const htmlFiles = async (dir) =>
  (await readdir(dir, { recursive: true }))
    .filter((name) => name.endsWith('.html'))
    .map((name) => path.join(dir, name));

/**
 * In every prerendered page of the browser build in `clientDir` that runs no module and no script file
 * (a page of islands, whose inline bootstrap links the whole stylesheet after the paint), replaces the
 * stylesheet's <link> by a <style> with the rules the page uses. Pages with React Router's module
 * scripts (the SPA fallback, whose app renders what no prerendering saw) keep the <link>. Returns how
 * many pages changed and the sizes.
 */
export async function inlineCriticalCss(clientDir) {
  const stylesheets = new Map();
  const sizes = [];
  for (const file of await htmlFiles(clientDir)) {
    const html = await readFile(file, 'utf8');
    const link = stylesheetLink.exec(html);
    if (!link || /<script\b[^>]*\b(src=|type="module")/i.test(html)) continue;
    const href = link[1];
    if (!stylesheets.has(href)) stylesheets.set(href, await readFile(path.join(clientDir, href), 'utf8'));
    const css = withoutUnusedThemeVariables(criticalCss(stylesheets.get(href), classesOfHtml(html)));
    if (/<\/style/i.test(css)) throw new Error(`${href} holds "</style", which cannot be inlined`);
    await writeFile(
      file,
      html.replace(link[0], () => `<style>${css}</style>`),
    );
    sizes.push(css.length);
  }
  const full = Math.max(0, ...[...stylesheets.values()].map((css) => css.length));
  return { pages: sizes.length, smallest: Math.min(...sizes), largest: Math.max(0, ...sizes), full };
}
