import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { eventTypes } from '#payments/webhooks/event-types.ts';
import { generatorScript, installedStripeVersion, schemasFile } from './schema-cache.ts';
import { type SchemaRootName, schemaRoots } from './schema-roots.ts';

type SchemaDocument = {
  stripeVersion: string;
  apiVersion: string;
  roots: Record<string, string>;
  events: Record<string, string>;
  definitions: Record<string, unknown>;
};

export type Verdict = { valid: true } | { valid: false; errors: string[] };

/**
 * The JSON Schema of the installed `stripe` package's types (generate-stripe-schemas.ts, into the
 * cache schema-cache.ts names; generated here first when missing), compiled root by root on first use.
 * Refuses a document made from another `stripe` version or without a root the suite needs.
 */
export class StripeSchemas {
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly document: SchemaDocument;

  private constructor(document: SchemaDocument) {
    this.document = document;
    // Thousands of shared definitions: compiled once each (inlineRefs: false) and without ajv's code
    // optimisation, which costs more than it saves here (docs/billing.md, the conformance suite).
    this.ajv = new Ajv({
      strict: false,
      allErrors: true,
      allowUnionTypes: true,
      inlineRefs: false,
      code: { optimize: false },
    });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'stripe', definitions: document.definitions });
  }

  /** The cached document, generated first (in a child process, as `npm run stripe:schemas`) when missing. */
  static async load(): Promise<StripeSchemas> {
    const file = schemasFile();
    const text = await readFile(file, 'utf8').catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await promisify(execFile)(process.execPath, [generatorScript, file], { maxBuffer: 1024 * 1024 });
      return readFile(file, 'utf8');
    });
    const document = JSON.parse(text) as SchemaDocument;
    const installed = installedStripeVersion();
    if (document.stripeVersion !== installed) {
      throw new Error(`${file} was made from stripe ${document.stripeVersion}; ${installed} is installed.`);
    }
    const missing = [
      ...Object.keys(schemaRoots).filter((root) => !document.roots[root]),
      ...eventTypes.filter((type) => !document.events[type]),
    ];
    if (missing.length > 0) throw new Error(`${file} lacks ${missing.join(', ')}.`);
    return new StripeSchemas(document);
  }

  get apiVersion() {
    return this.document.apiVersion;
  }

  /** An object, list or search result against an SDK type (schema-roots.ts). */
  validate(root: SchemaRootName | 'EmittedEvent' | 'EventList', value: unknown): Verdict {
    return this.check(root, value);
  }

  /** The values of a root that is an enum (`ApiVersion`), following references. */
  enumValues(root: SchemaRootName): unknown[] {
    let schema = { $ref: this.document.roots[root] } as { $ref?: string; enum?: unknown[] };
    while (schema.$ref) {
      const name = decodeURIComponent(schema.$ref.replace('#/definitions/', ''));
      schema = this.document.definitions[name] as typeof schema;
    }
    return schema.enum ?? [];
  }

  /** An event against the SDK's typed event of its `type`. */
  validateEvent(event: { type?: unknown }): Verdict {
    const root = typeof event.type === 'string' ? this.document.events[event.type] : undefined;
    if (!root) return { valid: false, errors: [`no typed event in the SDK for type ${String(event.type)}`] };
    return this.check(root, event);
  }

  private check(root: string, value: unknown): Verdict {
    let validator = this.validators.get(root);
    if (!validator) {
      const ref = this.document.roots[root];
      if (!ref) throw new Error(`The Stripe schemas have no root ${root}`);
      validator = this.ajv.compile({ $ref: `stripe${ref}` });
      this.validators.set(root, validator);
    }
    if (validator(value)) return { valid: true };
    return { valid: false, errors: describe(validator.errors ?? []) };
  }
}

/**
 * The errors, deepest first (a union's alternatives each complain; the deepest is usually the
 * cause), an enum's alternatives folded into one line.
 */
function describe(errors: ErrorObject[]): string[] {
  const depth = (error: ErrorObject) => error.instancePath.split('/').length;
  const allowed = new Map<string, unknown[]>();
  for (const error of errors) {
    if (error.keyword !== 'const' && error.keyword !== 'enum') continue;
    const params = error.params as { allowedValue?: unknown; allowedValues?: unknown[] };
    const values = params.allowedValues ?? [params.allowedValue];
    allowed.set(error.instancePath, [...(allowed.get(error.instancePath) ?? []), ...values]);
  }
  const lines = [...errors]
    .sort((a, b) => depth(b) - depth(a))
    .map((error) => {
      const path = error.instancePath || '/';
      const values = allowed.get(error.instancePath);
      if (values && (error.keyword === 'const' || error.keyword === 'enum')) {
        return `${path} must be one of ${JSON.stringify(values)}`;
      }
      // The rest of a failed enum (its anyOf, the closed `OtherString`, a `null` branch) says nothing more.
      if (values && error.keyword !== 'additionalProperties') return '';
      const extra =
        error.keyword === 'additionalProperties'
          ? ` (${(error.params as { additionalProperty: string }).additionalProperty})`
          : '';
      return `${path} ${error.message ?? ''}${extra}`;
    })
    .filter(Boolean);
  return [...new Set(lines)].slice(0, 8);
}
