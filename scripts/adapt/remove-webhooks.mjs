// Removes the outbound webhooks (docs/webhooks.md) by the steps of docs/customising.md, "Webhooks":
//
//   node scripts/adapt/remove-webhooks.mjs [--dir <tree>]
//
// 1. Deletes every file of the capability: a path naming webhooks, outside what speaks to Stripe (its
//    inbound webhook, apps/api/src/billing/, the emulators) and outside the history (migrations, decision
//    records); and the files that record and announce deliveries (the exporters of `emitWorkspaceEvent`
//    and `webhookDeliveriesChannel`).
// 2. Removes what named them, with the compiler's syntax tree: each import of a deleted file and every
//    statement, list element, object property, JSX element and type member that uses what it imported;
//    the declarations named `webhook…` (tables, field rules, metrics), the `WEBHOOK_*` variables, and
//    the permission, error codes and activity actions whose strings begin with `webhook`; the `event` of
//    each workspace event (what the endpoints were told); then what that leaves unused.
// 3. Adds a migration that drops the tables, removes the npm scripts, package exports and documentation
//    lines that point at deleted files, and lists the remaining mentions for a person to read.
// The tree is edited in place: run it on a fresh checkout or a copy (npm run prove:adaptable does).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { filesOf, format, repositoryRoot } from './tree.mjs';

const ts = createRequire(path.join(repositoryRoot, 'tools/typescript-api/register.mjs'))('typescript');

/** What speaks to Stripe (its webhook comes in, and stays) and what is history. */
const KEPT_PATHS = [
  /^emulators\//,
  /^scripts\/adapt\//,
  /billing|stripe|payments/i,
  /^apps\/api\/drizzle\//,
  /^docs\/decisions\//,
  /(^|\/)package-lock\.json$/,
  // The OpenAPI generator can describe any webhooks it is given; it stays able to.
  /^packages\/api-contract\/src\/openapi\.ts$/,
];
const isKept = (file) => KEPT_PATHS.some((pattern) => pattern.test(file));
const CODE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
/**
 * A name of the capability: its endpoints, deliveries, URLs, events and targets (`webhookEndpoints`,
 * `webhookUrlField`), its variables (`WEBHOOK_…`). Not the names of Stripe's inbound webhook, which
 * share the word: `webhookSecret`, `webhookDuration` (a metric of provider events), `webhookReceipt`.
 */
const isCapabilityName = (name) => /^(webhook(s?Endpoint|Deliver|Url|Event|Target)|WEBHOOK_)/i.test(name);
/** A string of the capability: a permission, error code, activity action, mail or metric. */
const isCapabilityString = (text) =>
  /^(webhooks?[./-]|webhook-endpoint)/.test(text) && !/^webhook-(id|timestamp|signature)$/.test(text);

export function removeWebhooks(root) {
  const files = filesOf(root);
  const deleted = new Set(
    files.filter((file) => {
      if (isKept(file)) return false;
      if (/webhook/i.test(file)) return true;
      if (!CODE.test(file)) return false;
      const text = readFileSync(path.join(root, file), 'utf8');
      return /export (async )?(function|const) (emitWorkspaceEvent|webhookDeliveriesChannel)\b/.test(text);
    }),
  );
  const tables = tablesOf(root, files);
  for (const file of deleted) rmSync(path.join(root, file));
  const remaining = files.filter((file) => !deleted.has(file));
  const codeFiles = remaining.filter((file) => CODE.test(file) && !isKept(file));
  // Names exported by edited files that went with them, for their importers: repeat until none is new.
  const goneExports = new Map();
  for (let round = 0; round < 8; round++) {
    let changed = false;
    for (const file of codeFiles) {
      const text = readFileSync(path.join(root, file), 'utf8');
      const edited = editSource(root, file, text, deleted, goneExports);
      if (edited !== text) {
        writeFileSync(path.join(root, file), edited);
        changed = true;
      }
    }
    if (!changed) break;
  }
  addDropMigration(root, tables);
  editPackageFiles(root, remaining, deleted);
  const mentions = editDocuments(root, remaining, deleted);
  return { deleted: [...deleted].sort(), tables, mentions };
}

// —— the syntax tree ——————————————————————————————————————————————————————————————

function resolveImport(root, file, specifier) {
  let target;
  if (specifier.startsWith('.')) target = path.join(path.dirname(file), specifier);
  else if (specifier.startsWith('#api/')) target = `apps/api/src/${specifier.slice(5)}`;
  else if (specifier.startsWith('#web/')) target = `apps/web/app/${specifier.slice(5)}`;
  else if (specifier.startsWith('@launchkit/')) {
    const [, name, ...rest] = specifier.split('/');
    for (const group of ['packages', 'apps', 'emulators']) {
      const manifest = path.join(root, group, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const exports = JSON.parse(readFileSync(manifest, 'utf8')).exports ?? {};
      const entry = exports[rest.length ? `./${rest.join('/')}` : '.'];
      if (typeof entry === 'string') target = path.join(group, name, entry);
    }
  }
  return target && path.normalize(target);
}

const scriptKindOf = (file) =>
  /x$/.test(file) ? ts.ScriptKind.TSX : /\.(mjs|js|cjs)$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;

function editSource(root, file, text, deleted, goneExports) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindOf(file));
  const gone = new Set();
  const removals = [];
  const remove = (node) => removals.push(node);
  markImports(root, file, source, deleted, goneExports, gone, remove);
  markCapability(file, source, gone, remove);
  markUsages(source, gone, removals);
  const exported = exportedNamesOf(removals);
  if (exported.size) {
    goneExports.set(path.normalize(file), new Set([...(goneExports.get(file) ?? []), ...exported]));
  }
  if (!removals.length) return text;
  return removeUnused(file, applyRemovals(text, source, removals));
}

/** Imports and re-exports of deleted files; names imported from a file that lost them. */
function markImports(root, file, source, deleted, goneExports, gone, remove) {
  for (const statement of source.statements) {
    const specifier =
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text;
    if (!specifier) continue;
    const target = resolveImport(root, file, specifier);
    const clause = statement.importClause;
    const bindings = clause?.namedBindings;
    if (target && deleted.has(target)) {
      remove(statement);
      if (clause?.name) gone.add(clause.name.text);
      if (bindings && ts.isNamespaceImport(bindings)) gone.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) gone.add(element.name.text);
      continue;
    }
    const lost = target && goneExports.get(target);
    if (!lost || !bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if (lost.has((element.propertyName ?? element.name).text)) {
        gone.add(element.name.text);
        remove(element);
      }
    }
  }
}

const isTestFile = (file) => /\.(test|spec)\./.test(file);

/** Declarations of the capability's names, the strings that name it, the `event` of workspace events. */
function markCapability(file, source, gone, remove) {
  const visit = (node) => {
    const name = declaredName(node);
    if (name && isCapabilityName(name) && isRemovableDeclaration(node)) {
      gone.add(name);
      remove(node);
    }
    if ((ts.isPropertyAssignment(node) || ts.isPropertySignature(node)) && isCapabilityKey(node))
      remove(node);
    if (ts.isStringLiteral(node) && isCapabilityString(node.text)) {
      const parent = node.parent;
      if (ts.isArrayLiteralExpression(parent)) remove(node);
      else if (ts.isCaseClause(parent)) remove(parent);
      else if (ts.isLiteralTypeNode(parent) && ts.isUnionTypeNode(parent.parent)) remove(parent);
      else if (isTestFile(file) && ts.isExpressionStatement(enclosingStatement(node) ?? node)) {
        remove(enclosingStatement(node));
      }
    }
    // A workspace event's `event`: what its webhook endpoints were told.
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(source) === 'event' &&
      isWorkspaceEventArgument(node)
    ) {
      remove(node);
    }
    if (ts.isPropertySignature(node) && node.name.getText(source) === 'event') {
      if (/Outbound|Webhook/.test(node.type?.getText(source) ?? '')) remove(node);
    }
    // A test of the configuration's webhooks section (`config.webhooks`) goes whole.
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'webhooks' && isTestFile(file)) {
      const test = enclosingTest(node);
      if (test) remove(test);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

function isCapabilityKey(node) {
  const key =
    node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) ? node.name.text : undefined;
  if (!key) return false;
  return isCapabilityString(key) || /^WEBHOOK_/.test(key) || (key === 'webhooks' && isConfigSection(node));
}

/** Every use of a gone name takes its smallest removable construct with it; again for what that removed. */
function markUsages(source, gone, removals) {
  for (let round = 0; round < 6; round++) {
    const before = removals.length;
    const usage = (node) => {
      if (
        ts.isIdentifier(node) &&
        gone.has(node.text) &&
        !isPropertyName(node) &&
        !isInside(node, removals)
      ) {
        const target = removableAround(node);
        if (target) {
          removals.push(target);
          for (const declared of namesDeclaredBy(target)) gone.add(declared);
        }
      }
      ts.forEachChild(node, usage);
    };
    usage(source);
    if (removals.length === before) break;
  }
}

const declaredName = (node) =>
  (ts.isVariableStatement(node) &&
    node.declarationList.declarations.length === 1 &&
    node.declarationList.declarations[0].name.getText()) ||
  ((ts.isFunctionDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isClassDeclaration(node)) &&
    node.name?.text) ||
  undefined;

const isRemovableDeclaration = (node) => ts.isSourceFile(node.parent) || ts.isBlock(node.parent);

/** `webhooks: { … }` in the configuration read from the environment. */
const isConfigSection = (node) =>
  ts.isObjectLiteralExpression(node.initializer ?? {}) &&
  /deliveryRetentionDays|testDaySeconds/.test(node.getText());

/**
 * `{ …, event: { type, data } }` given to the function that records a workspace event: a workspace
 * action's `record` (access/in-workspace.ts) or `recordWorkspaceEvent`.
 */
function isWorkspaceEventArgument(node) {
  const literal = node.parent;
  const call = literal?.parent;
  return (
    ts.isObjectLiteralExpression(literal) &&
    call &&
    ts.isCallExpression(call) &&
    /^record$|record\w*Event|emit\w*Event/.test(call.expression.getText()) &&
    /\btype:/.test(node.initializer.getText())
  );
}

const isPropertyName = (node) =>
  (ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) ||
  (ts.isPropertyAssignment(node.parent) && node.parent.name === node) ||
  (ts.isPropertySignature(node.parent) && node.parent.name === node) ||
  (ts.isQualifiedName(node.parent) && node.parent.right === node);

const isInside = (node, removals) =>
  removals.some((removed) => node.pos >= removed.pos && node.end <= removed.end);

/** The statement `it(…)` or `test(…)` around a node. */
function enclosingTest(node) {
  for (let at = node; at; at = at.parent) {
    if (
      ts.isExpressionStatement(at) &&
      ts.isCallExpression(at.expression) &&
      /^(it|test)(\.\w+)?$/.test(at.expression.expression.getText())
    )
      return at;
  }
  return undefined;
}

function enclosingStatement(node) {
  for (let at = node; at; at = at.parent) {
    if (at.parent && (ts.isBlock(at.parent) || ts.isSourceFile(at.parent) || ts.isCaseClause(at.parent)))
      return at;
  }
  return undefined;
}

/** The smallest construct that can go without leaving broken syntax. */
function removableAround(node) {
  for (let at = node; at?.parent; at = at.parent) {
    const parent = at.parent;
    if (
      ts.isArrayLiteralExpression(parent) ||
      ts.isUnionTypeNode(parent) ||
      ts.isIntersectionTypeNode(parent)
    ) {
      if ((parent.elements ?? parent.types).length > 1) return at;
      continue;
    }
    // An object in a list goes whole ({ id: 'webhooks', Section: WebhooksSection }); a type literal
    // left empty goes with its last member.
    if (ts.isObjectLiteralExpression(parent) && ts.isArrayLiteralExpression(parent.parent)) continue;
    if (ts.isTypeLiteralNode(parent) && parent.members.length === 1) continue;
    if (ts.isObjectLiteralExpression(parent) || ts.isTypeLiteralNode(parent)) return at;
    if (ts.isJsxAttributes(parent)) return at;
    if (
      (ts.isJsxElement(at) || ts.isJsxSelfClosingElement(at)) &&
      (ts.isJsxElement(parent) || ts.isJsxFragment(parent))
    )
      return at;
    if (ts.isNamedImports(parent) || ts.isNamedExports(parent)) return at;
    if (ts.isBlock(parent) || ts.isSourceFile(parent) || ts.isCaseClause(parent) || ts.isModuleBlock(parent))
      return at;
  }
  return undefined;
}

function namesDeclaredBy(node) {
  if (ts.isVariableStatement(node)) {
    return node.declarationList.declarations.flatMap((declaration) => bindingNames(declaration.name));
  }
  const name = declaredName(node);
  return name ? [name] : [];
}

const bindingNames = (name) =>
  ts.isIdentifier(name)
    ? [name.text]
    : name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));

function exportedNamesOf(removals) {
  const names = new Set();
  for (const node of removals) {
    if (!ts.isSourceFile(node.parent)) continue;
    if (!node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const name of namesDeclaredBy(node)) names.add(name);
  }
  return names;
}

function applyRemovals(text, source, removals) {
  // The outermost of overlapping removals; each with its leading comments and a list's comma.
  const ranges = removals
    .map((node) => {
      let start = node.getFullStart();
      let end = node.getEnd();
      const after = text.slice(end).match(/^\s*,/);
      if (after && !ts.isStatement(node)) end += after[0].length;
      // A union's or intersection's member with the operator before it.
      if (node.parent && (ts.isUnionTypeNode(node.parent) || ts.isIntersectionTypeNode(node.parent))) {
        const before = text.slice(0, node.getStart(source)).match(/[|&]\s*$/);
        if (before) start = node.getStart(source) - before[0].length;
      }
      // A statement's or a member's own line, with the comment above it.
      if (ts.isStatement(node) || ts.isCaseClause(node)) {
        const lineStart = text.lastIndexOf('\n', node.getStart(source)) + 1;
        start = Math.min(start, lineStart);
      }
      return [start, end];
    })
    .sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] < last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  let edited = text;
  for (const [start, end] of merged.reverse()) edited = edited.slice(0, start) + edited.slice(end);
  // An import left without names goes too.
  return edited
    .replace(/^import (type )?\{\s*\} from '[^']+';\n/gm, '')
    .replace(/^import (type )?[^;]*,\s*\{\s*\} from/gm, 'import $1 from');
}

/** Imports and local declarations nothing uses any more. */
function removeUnused(file, text) {
  const kind = scriptKindOf(file);
  let current = text;
  for (let round = 0; round < 4; round++) {
    const source = ts.createSourceFile(file, current, ts.ScriptTarget.Latest, true, kind);
    const counts = new Map();
    const count = (node) => {
      if (ts.isIdentifier(node)) counts.set(node.text, (counts.get(node.text) ?? 0) + 1);
      ts.forEachChild(node, count);
    };
    count(source);
    const unused = [];
    for (const statement of source.statements) {
      const bindings = statement.importClause?.namedBindings;
      if (ts.isImportDeclaration(statement) && bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements)
          if (counts.get(element.name.text) === 1) unused.push(element);
      }
    }
    const visit = (node) => {
      // `const { event, ...entry } = happening` once `event` is not read: `const { ...entry } = happening`.
      if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent) && ts.isIdentifier(node.name)) {
        if (counts.get(node.name.text) === 1 && !node.propertyName && node.parent.elements.length > 1)
          unused.push(node);
      }
      if (
        ts.isVariableStatement(node) &&
        !node.modifiers?.length &&
        node.parent &&
        (ts.isBlock(node.parent) || ts.isSourceFile(node.parent))
      ) {
        const names = namesDeclaredBy(node);
        const declaration = node.declarationList.declarations[0];
        const pure =
          !declaration.initializer || !/await|new |\.\w+\(/.test(declaration.initializer.getText(source));
        if (names.length === 1 && counts.get(names[0]) === 1 && (pure || isCapabilityName(names[0])))
          unused.push(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (!unused.length) break;
    current = applyRemovals(current, source, unused);
  }
  return current;
}

// —— the database ——————————————————————————————————————————————————————————————————

function tablesOf(root, files) {
  const schema = files.find((file) => /^apps\/api\/src\/db\/schema\.ts$/.test(file));
  if (!schema) return [];
  const text = readFileSync(path.join(root, schema), 'utf8');
  return [...text.matchAll(/pgTable\(\s*'(webhook_\w+)'/g)].map((match) => match[1]);
}

function addDropMigration(root, tables) {
  if (!tables.length) return;
  const folder = path.join(root, 'apps/api/drizzle');
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const last = journal.entries.at(-1);
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_remove-webhooks`;
  const sql = tables
    .map((table) => `DROP TABLE IF EXISTS "${table}" CASCADE;`)
    .join('--> statement-breakpoint\n');
  writeFileSync(path.join(folder, `${tag}.sql`), `${sql}\n`);
  journal.entries.push({ ...last, idx, when: Math.max(Date.now(), last.when + 1), tag });
  writeFileSync(journalFile, `${JSON.stringify(journal, null, 2)}\n`);
  // The snapshot drizzle-kit compares the schema with for the next `npm run db:generate`.
  const snapshotFile = path.join(folder, `meta/${String(last.idx).padStart(4, '0')}_snapshot.json`);
  if (existsSync(snapshotFile)) {
    const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8'));
    for (const table of tables) delete snapshot.tables[`public.${table}`];
    snapshot.prevId = snapshot.id;
    snapshot.id = crypto.randomUUID();
    writeFileSync(
      path.join(folder, `meta/${String(idx).padStart(4, '0')}_snapshot.json`),
      `${JSON.stringify(snapshot, null, 2)}\n`,
    );
  }
}

// —— manifests and documents ———————————————————————————————————————————————————————————

function mentionsDeleted(text, deleted) {
  return [...deleted].some((file) => text.includes(file) || text.includes(path.basename(file)));
}

function editPackageFiles(root, files, deleted) {
  for (const file of files.filter((each) => /(^|\/)package\.json$/.test(each) && !isKept(each))) {
    const manifest = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
    let changed = false;
    for (const field of ['scripts', 'exports']) {
      for (const [key, value] of Object.entries(manifest[field] ?? {})) {
        const target = typeof value === 'string' ? path.normalize(path.join(path.dirname(file), value)) : '';
        if (deleted.has(target) || (field === 'scripts' && mentionsDeleted(value, deleted))) {
          delete manifest[field][key];
          changed = true;
        }
      }
    }
    if (changed) writeFileSync(path.join(root, file), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  const example = path.join(root, '.env.example');
  if (existsSync(example)) {
    const lines = readFileSync(example, 'utf8').split('\n');
    writeFileSync(example, lines.filter((line) => !/^#?\s*WEBHOOK_/.test(line)).join('\n'));
  }
}

/** Table rows and list items that point at a deleted file or command go; other mentions are listed. */
function editDocuments(root, files, deleted) {
  const mentions = [];
  for (const file of files.filter((each) => /\.md$/.test(each) && !isKept(each))) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const lines = text.split('\n');
    const kept = lines.filter((line) => {
      const pointsAtDeleted =
        mentionsDeleted(line, deleted) || /bench:webhooks|docs\/webhooks\.md|webhooks\.md\)/.test(line);
      return !(pointsAtDeleted && /^\s*(\||- )/.test(line));
    });
    if (kept.length !== lines.length) writeFileSync(path.join(root, file), kept.join('\n'));
    kept.forEach((line, index) => {
      if (/webhooks\.md|outbound webhook|webhook endpoint/i.test(line)) mentions.push(`${file}:${index + 1}`);
    });
  }
  return mentions;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, 'no-format': { type: 'boolean' } } });
  const root = path.resolve(values.dir ?? repositoryRoot);
  const { deleted, tables, mentions } = removeWebhooks(root);
  if (!values['no-format']) format(root);
  console.log(
    `webhooks removed from ${root}: ${deleted.length} files deleted, tables dropped by a migration: ${tables.join(', ')}`,
  );
  for (const file of deleted) console.log(`  deleted ${file}`);
  console.log(`Mentions left in the documents, to reword by hand: ${mentions.join(', ') || 'none'}`);
}
