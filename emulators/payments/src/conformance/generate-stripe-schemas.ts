// JSON Schema of every object, list and event the emulator answers or sends, generated from the
// installed `stripe` package's own TypeScript types into the file schema-cache.ts names (ignored by git:
// docs/decisions/0021). The conformance suite runs it when that file is missing (`node
// generate-stripe-schemas.ts <file>`); `npm run stripe:schemas` runs it by hand.
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SubNodeParser } from 'ts-json-schema-generator';
import tsj from 'ts-json-schema-generator';
import { eventTypes } from '#payments/webhooks/event-types.ts';
import { cacheDir, schemasFile, stripePackage } from './schema-cache.ts';
import { schemaRoots } from './schema-roots.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const stripeTypes = path.join(stripePackage, 'esm');
const output = process.argv[2] ?? schemasFile();

type Schema = { [key: string]: unknown };
// A node of the TypeScript compiler the generator runs on (its own TypeScript 6: the `typescript`
// package of the workspace is TypeScript 7, whose package has no compiler API).
type TsNode = Parameters<SubNodeParser['supportsNode']>[0];

/** `CustomerSubscriptionCreatedEvent` for 'customer.subscription.created', read from the SDK's types. */
async function eventInterfaces(): Promise<Map<string, string>> {
  const text = await readFile(path.join(stripeTypes, 'resources/Events.d.ts'), 'utf8');
  const names = new Map<string, string>();
  for (const match of text.matchAll(/export interface (\w+) extends EventBase \{\s*type: '([^']+)';/g)) {
    const [, name, type] = match;
    if (name && type) names.set(type, name);
  }
  return names;
}

/**
 * The entry file the generator reads: one exported alias per root, importing from the SDK's own
 * declaration files (the generator cannot follow the `Stripe.X` namespace re-exports).
 */
async function entrySource(): Promise<{ source: string; roots: string[]; events: Record<string, string> }> {
  const imports = new Map<string, Set<string>>();
  // `WebhookEndpointCreateParams.ApiVersion`: import the namespace, name the member.
  const use = (module: string, type: string) => {
    const [head = type, ...rest] = type.split('.');
    const set = imports.get(module) ?? new Set<string>();
    set.add(head);
    imports.set(module, set);
    return [`${module.replaceAll('/', '_')}_${head}`, ...rest].join('.');
  };
  const lines: string[] = [];
  for (const [root, spec] of Object.entries(schemaRoots)) {
    const inner = use(spec.module, spec.type);
    const wrapped =
      spec.wrap === 'list'
        ? `${use('lib', 'ApiList')}<${inner}>`
        : spec.wrap === 'search'
          ? `${use('lib', 'ApiSearchResult')}<${inner}>`
          : inner;
    lines.push(`export type ${root} = ${wrapped};`);
  }
  const interfaces = await eventInterfaces();
  const events: Record<string, string> = {};
  for (const type of eventTypes) {
    const name = interfaces.get(type);
    if (!name) throw new Error(`The stripe package has no typed event '${type}'.`);
    events[type] = name;
    lines.push(`export type ${name} = ${use('Events', name)};`);
  }
  // Events as `events.retrieve` and `events.list` answer them: any of the types the emulator sends.
  lines.push(`export type EmittedEvent = ${Object.values(events).join(' | ')};`);
  lines.push(`export type EventList = ${use('lib', 'ApiList')}<EmittedEvent>;`);
  const importLines = [...imports].map(([module, types]) => {
    const file = path.join(stripeTypes, module === 'lib' ? module : `resources/${module}`);
    const names = [...types].map((type) => `${type} as ${module.replaceAll('/', '_')}_${type}`);
    return `import type { ${names.join(', ')} } from '${file}.js';`;
  });
  return {
    source: `${importLines.join('\n')}\n${lines.join('\n')}\n`,
    roots: [...Object.keys(schemaRoots), ...Object.values(events), 'EmittedEvent', 'EventList'],
    events,
  };
}

/**
 * Definitions are named after their module (`Customers:Customer`, `Issuing/Cards:Card`): the SDK
 * declares several types of one name in different files.
 */
function nameDefinitionsByModule() {
  const parser = tsj.ExposeNodeParser.prototype as unknown as {
    getDefinitionName(node: TsNode, context: unknown): string;
  };
  const original = parser.getDefinitionName;
  parser.getDefinitionName = function (node, context) {
    const name = original.call(this, node, context);
    const file = node.getSourceFile().fileName;
    const module = file.startsWith(`${stripeTypes}/`)
      ? file
          .slice(stripeTypes.length + 1)
          .replace(/\.d\.ts$/, '')
          .replace(/^resources\//, '')
      : path.basename(file, '.ts');
    return `${module}:${name}`;
  };
}

/**
 * Two corrections, both to what the SDK's types mean rather than what they say:
 * - enums are closed: the SDK joins every enum with `OtherString` (any string) so old code survives
 *   new values, but an emulator must send only the values this API version defines;
 * - `Decimal` is a class the SDK makes from a decimal string (`unit_amount_decimal`); on the wire it
 *   is that string.
 */
function correct(definitions: Record<string, Schema>) {
  for (const name of Object.keys(definitions)) {
    if (name === 'shared:OtherString') definitions[name] = { not: {} };
    if (name === 'Decimal:Decimal') definitions[name] = { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' };
  }
}

/** Keys sorted at every level, so a regeneration with nothing changed is byte-identical. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Schema)[key])]),
    );
  }
  return value;
}

const started = Date.now();
const { version } = JSON.parse(await readFile(path.join(stripePackage, 'package.json'), 'utf8')) as {
  version: string;
};
const apiVersionText = await readFile(path.join(stripeTypes, 'apiVersion.js'), 'utf8');
const apiVersion = /ApiVersion = '([^']+)'/.exec(apiVersionText)?.[1];
const { source, roots, events } = await entrySource();
const dir = await mkdtemp(path.join(os.tmpdir(), 'stripe-schemas-'));
try {
  const entry = path.join(dir, 'stripe-roots.ts');
  await writeFile(entry, source);
  nameDefinitionsByModule();
  const generator = tsj.createGenerator({
    path: entry,
    tsconfig: path.join(here, '../../tsconfig.json'),
    type: '*',
    skipTypeCheck: true,
    expose: 'export',
    jsDoc: 'none',
    encodeRefs: true,
    additionalProperties: false,
  });
  const schema = generator.createSchema('*') as { definitions: Record<string, Schema> };
  correct(schema.definitions);
  const rootRefs: Record<string, string> = {};
  for (const root of roots) {
    const name = `stripe-roots:${root}`;
    const definition = schema.definitions[name];
    // An import the generator cannot resolve becomes `{}`, which accepts anything: refuse it.
    if (!definition || Object.keys(definition).length === 0) throw new Error(`No schema for ${root}.`);
    rootRefs[root] = `#/definitions/${encodeURIComponent(name)}`;
  }
  const document = sorted({
    $comment: 'Generated by generate-stripe-schemas.ts from the stripe package types. Do not edit.',
    stripeVersion: version,
    apiVersion,
    roots: rootRefs,
    events,
    definitions: schema.definitions,
  });
  const text = `${JSON.stringify(document, null, 2)}\n`;
  // Written whole under another name, then renamed: a suite in another worker reads the old file or
  // the new one, never half of one (two writers of one name write the same text).
  const cache = path.dirname(output);
  await mkdir(cache, { recursive: true });
  const partial = `${output}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, output);
  // In the cache, files made from another `stripe` version or other inputs are never read again.
  if (cache === cacheDir) {
    for (const name of await readdir(cache)) {
      if (name.endsWith('.json') && name !== path.basename(output))
        await rm(path.join(cache, name), { force: true });
    }
  }
  const size = Buffer.byteLength(text);
  console.log(
    `stripe ${version} (${apiVersion}): ${roots.length} roots, ${Object.keys(schema.definitions).length} definitions, ` +
      `${Math.round(size / 1024)} KB, ${((Date.now() - started) / 1000).toFixed(1)} s → ${path.relative(process.cwd(), output)}`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
