// Renames the example noun, "items", everywhere the product uses it (docs/customising.md):
//
//   node scripts/adapt/rename-noun.mjs notes [--singular note] [--dir <tree>]
//
// In identifiers (createItem → createNote, ITEMS_PER_USER → NOTES_PER_USER), file and folder names
// (apps/api/src/items/ → apps/api/src/notes/), the contract (/api/items → /api/notes), the database
// (table, columns, trigger and channel names: the migrations are rewritten, which suits a starter not yet
// deployed; docs/customising.md gives the migration for a deployed one), the screens and the docs.
// By rules rather than a list of files, so it keeps working as the code moves. Left alone: the
// emulators, Stripe's own words (line items, a subscription's items), Web Storage's getItem/setItem,
// ARIA's menuitem, CSS's align-items and Tailwind's items-center, schema.org's itemProp.
// The tree is edited in place: run it on a fresh checkout or a copy (npm run prove:adaptable does).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { filesOf, format, isText, repositoryRoot } from './tree.mjs';

const ts = createRequire(path.join(repositoryRoot, 'tools/typescript-api/register.mjs'))('typescript');

/** Paths never touched: another company's protocol, these scripts, the lock file, binary assets. */
const SKIPPED = [
  /^emulators\//,
  /^scripts\/adapt\//,
  /(^|\/)package-lock\.json$/,
  /\.(png|jpe?g|gif|ico|webp|avif|woff2?|ttf|pdf)$/,
];

/**
 * Spans kept as they are. Each is replaced by a placeholder before renaming and put back after.
 * Stripe: `line_items`, a subscription's `items` (`items.data`, `items: [{ price … }]`), an invoice item.
 */
const KEPT = [
  /(?:line|invoice)[_ -]?items?\b/gi,
  /\b(?:LINE|INVOICE)_ITEMS?\b/g,
  /\bitems\??\.data\b/g,
  /\bitems: \[\{ ?(?:id|price)\b/g,
  /\bitems: z\.object\(\{ data\b/g,
  /\bsubscription(?:'s| item| items|'s first item)\b/gi,
  // Web Storage, DOM lists, ARIA, CSS and Tailwind, schema.org microdata.
  /\b(?:get|set|remove)Item\b/g,
  /\.item\(/g,
  /\b(?:menu|list|tree|grid)item\w*/g,
  /\bmenuItems?\w*/g,
  /\blist-item\b/g,
  /\b(?:align|justify|place)-items\b/g,
  /\b(?:justify-|place-)?items-(?:center|start|end|baseline|stretch|normal)\b/g,
  /\bitem(?:Prop|Scope|Type|ID|Ref)\b/g,
  /\bitem(?:prop|scope|type|id|ref)\b/g,
];

export function nounForms(plural, singular = plural.replace(/ies$/, 'y').replace(/s$/, '')) {
  const capital = (word) => word[0].toUpperCase() + word.slice(1);
  return {
    items: plural,
    item: singular,
    Items: capital(plural),
    Item: capital(singular),
    ITEMS: plural.toUpperCase(),
    ITEM: singular.toUpperCase(),
  };
}

// `item`/`items` as a word or a part of an identifier: not inside a longer lowercase word (itemize,
// menuitem), but at a camelCase or snake_case boundary (createItem, items_version, ITEMS_PER_USER).
const NOUN = /(?<![a-z])item(s?)(?![a-z])|(?<![A-Z])Item(s?)(?![a-z])|(?<![A-Z])ITEM(S?)(?![A-Z])/g;

/**
 * The spans of a TypeScript or JavaScript file that are the bare lowercase identifiers `item` and
 * `items` (`links.map((item) => …)`, `{ items }`, `group.items`). They stay: the same word is generic in
 * much of the code, and leaving every bare one keeps each name the same in every file. Compound names
 * (`createItem`), strings (`'/api/items'`), comments and text are renamed.
 */
function bareIdentifiers(file, text) {
  // The configuration files at the root name folders by their keys (`.dependency-cruiser.cjs`'s
  // `items: { … }`): renamed whole, as the folders are.
  if (!/\.(ts|tsx|mts|mjs|js|cjs)$/.test(file) || !file.includes('/')) return [];
  const kind = /x$/.test(file)
    ? ts.ScriptKind.TSX
    : /\.(mjs|js|cjs)$/.test(file)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const spans = [];
  const visit = (node) => {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && /^(item|items)$/.test(node.text)) {
      spans.push([node.getStart(source), node.getEnd()]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

/** Renames the noun in one text; `protectSingular` keeps a local `item` (Stripe's subscription item). */
export function renameText(text, forms, { protectSingular = false, keep = [] } = {}) {
  const kept = [];
  const hold = (span) => `\uE000${kept.push(span) - 1}\uE001`;
  let guarded = text;
  for (const [start, end] of [...keep].sort((a, b) => b[0] - a[0])) {
    guarded = guarded.slice(0, start) + hold(guarded.slice(start, end)) + guarded.slice(end);
  }
  for (const pattern of KEPT) guarded = guarded.replace(pattern, hold);
  const vowel = /^[aeiou]/i.test(forms.item);
  let renamed = guarded
    // English articles before the singular: "an item" → "a note" (or "an entry").
    .replace(/\b([Aa])n? (item\b)/g, (_, article, word) => `${article}${vowel ? 'n' : ''} ${word}`)
    .replace(NOUN, (word, lowerS, capitalS, upperS, offset, whole) => {
      if (protectSingular && word === 'item' && !/[\w/'"`-]/.test(whole[offset - 1] ?? '')) return word;
      if (lowerS !== undefined) return lowerS ? forms.items : forms.item;
      if (capitalS !== undefined) return capitalS ? forms.Items : forms.Item;
      return upperS ? forms.ITEMS : forms.ITEM;
    });
  // Twice: a kept span may hold another (a bare identifier inside a kept pattern).
  for (let round = 0; round < 2; round++)
    renamed = renamed.replace(/\uE000(\d+)\uE001/g, (_, index) => kept[Number(index)]);
  return renamed;
}

/** A file whose local `item` is a Stripe subscription item (`const item = subscription.items.data[0]`). */
const holdsStripeItem = (text) => /\bitem\s*=\s*[\w?.]*\bitems\??\.data\b/.test(text);

export function renameNoun(root, forms) {
  const files = filesOf(root).filter((file) => !SKIPPED.some((pattern) => pattern.test(file)));
  let changedFiles = 0;
  for (const file of files) {
    const buffer = readFileSync(path.join(root, file));
    if (!isText(buffer)) continue;
    const text = buffer.toString('utf8');
    const renamed = renameText(text, forms, {
      protectSingular: holdsStripeItem(text),
      keep: bareIdentifiers(file, text),
    });
    if (renamed !== text) {
      writeFileSync(path.join(root, file), renamed);
      changedFiles++;
    }
  }
  // File and folder names, deepest first so a folder moves after its files.
  let movedFiles = 0;
  for (const file of files) {
    const target = renameText(file, forms);
    if (target === file) continue;
    mkdirSync(path.dirname(path.join(root, target)), { recursive: true });
    renameSync(path.join(root, file), path.join(root, target));
    movedFiles++;
  }
  removeEmptyFolders(root, files);
  return { changedFiles, movedFiles };
}

function removeEmptyFolders(root, files) {
  const folders = new Set(files.map((file) => path.dirname(file)).filter((folder) => folder !== '.'));
  for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
    const full = path.join(root, folder);
    try {
      if (readdirSync(full).length === 0) rmSync(full, { recursive: true });
    } catch {
      // Already gone with its parent.
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { singular: { type: 'string' }, dir: { type: 'string' }, 'no-format': { type: 'boolean' } },
  });
  const plural = positionals[0] ?? 'notes';
  if (!/^[a-z]+$/.test(plural))
    throw new Error(`The noun must be lowercase letters, in the plural: ${plural}`);
  const root = path.resolve(values.dir ?? repositoryRoot);
  const forms = nounForms(plural, values.singular);
  const { changedFiles, movedFiles } = renameNoun(root, forms);
  if (!values['no-format']) format(root);
  console.log(
    `items → ${forms.items} (item → ${forms.item}) in ${root}: ${changedFiles} files edited, ${movedFiles} moved`,
  );
}
