import { invalidRequest, parameterInvalid, parameterMissing, parameterUnknown } from './stripe-error.ts';

export type RawParams = Record<string, unknown>;

export const isRecord = (value: unknown): value is RawParams =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a client sent, shown in an error message: short, and never an object's guts. */
const shown = (value: unknown) => {
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 60)}…` : value;
  if (Array.isArray(value)) return 'an array';
  if (isRecord(value)) return 'an object';
  return String(value);
};

const maxStringLength = 5000;

/**
 * The parameters of one request (or one nested object such as `line_items[0]`), read the way Stripe
 * reads them: form values are strings ('true', '12'), an empty string means "unset", and a parameter
 * the endpoint does not know is refused. Construction checks the names; each reader checks a value.
 */
export class Params {
  private readonly raw: RawParams;
  private readonly prefix: string;

  private constructor(raw: RawParams, prefix: string) {
    this.raw = raw;
    this.prefix = prefix;
  }

  /** `allowed` are the names this endpoint accepts; `expand` is always allowed. */
  static of(raw: unknown, allowed: readonly string[], prefix = ''): Params {
    if (raw !== undefined && raw !== null && !isRecord(raw)) {
      if (prefix)
        throw parameterInvalid(
          prefix,
          `Invalid object: ${prefix} must be a hash.`,
          'parameter_invalid_object',
        );
      throw invalidRequest(
        'Invalid request (check that your POST content type is application/x-www-form-urlencoded).',
      );
    }
    const record = raw ?? {};
    for (const key of Object.keys(record)) {
      if (!allowed.includes(key) && !(prefix === '' && key === 'expand')) {
        throw parameterUnknown(prefix ? `${prefix}[${key}]` : key);
      }
    }
    return new Params(record, prefix);
  }

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  /** Whether the value is a hash (`created[gte]=…`) rather than one value (`created=…`). */
  isHash(key: string): boolean {
    return isRecord(this.raw[key]);
  }

  /** A string, or undefined when absent. An empty string stays '' (Stripe's "unset this"). */
  string(key: string, options: { max?: number } = {}): string | undefined {
    const value = this.raw[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (typeof value !== 'string') throw parameterInvalid(this.name(key), `Invalid string: ${shown(value)}`);
    const max = options.max ?? maxStringLength;
    if (value.length > max) {
      throw parameterInvalid(
        this.name(key),
        `Invalid string: ${shown(value)}; must be at most ${max} characters`,
        'string_length_exceeds_maximum',
      );
    }
    return value;
  }

  /** A non-empty string, or undefined when absent or empty. */
  text(key: string, options: { max?: number } = {}): string | undefined {
    const value = this.string(key, options);
    return value === '' ? undefined : value;
  }

  requiredText(key: string, options: { max?: number } = {}): string {
    const value = this.text(key, options);
    if (value === undefined) throw parameterMissing(this.name(key));
    return value;
  }

  integer(key: string, range: { min?: number; max?: number } = {}): number | undefined {
    const value = this.raw[key];
    if (value === undefined || value === null || value === '') return undefined;
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string' || !/^-?\d{1,15}$/.test(text.trim())) {
      throw parameterInvalid(this.name(key), `Invalid integer: ${shown(value)}`, 'parameter_invalid_integer');
    }
    const number = Number(text.trim());
    if (range.min !== undefined && number < range.min) {
      throw parameterInvalid(
        this.name(key),
        `This value must be greater than or equal to ${range.min}.`,
        'parameter_invalid_integer',
      );
    }
    if (range.max !== undefined && number > range.max) {
      throw parameterInvalid(
        this.name(key),
        `This value must be less than or equal to ${range.max}.`,
        'parameter_invalid_integer',
      );
    }
    return number;
  }

  boolean(key: string): boolean | undefined {
    const value = this.raw[key];
    if (value === undefined || value === null || value === '') return undefined;
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    throw parameterInvalid(this.name(key), `Invalid boolean: ${shown(value)}`, 'parameter_invalid_boolean');
  }

  oneOf<Value extends string>(key: string, values: readonly Value[]): Value | undefined {
    const value = this.text(key);
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value)) {
      throw parameterInvalid(
        this.name(key),
        `Invalid ${this.name(key)}: must be one of ${values.join(', ')}`,
        'parameter_invalid_string',
      );
    }
    return value as Value;
  }

  /** A nested hash (`subscription_data[…]`); '' counts as absent. */
  object(key: string, allowed: readonly string[]): Params | undefined {
    const value = this.raw[key];
    if (value === undefined || value === null || value === '') return undefined;
    return Params.of(value, allowed, this.name(key));
  }

  /**
   * A list, whichever way it came: `a[0]=x&a[1]=y`, `a[]=x`, one `a=x`, or (above qs's array limit) an
   * object with numeric keys.
   */
  list(key: string): unknown[] | undefined {
    const value = this.raw[key];
    if (value === undefined || value === null || value === '') return undefined;
    if (Array.isArray(value)) return value;
    if (isRecord(value)) {
      const keys = Object.keys(value);
      if (keys.every((each) => /^\d+$/.test(each))) {
        return keys.sort((a, b) => Number(a) - Number(b)).map((each) => value[each]);
      }
      throw parameterInvalid(
        this.name(key),
        `Invalid array: ${this.name(key)} must be a list.`,
        'parameter_invalid_array',
      );
    }
    return [value];
  }

  stringList(key: string, options: { max?: number } = {}): string[] | undefined {
    const list = this.list(key);
    if (list === undefined) return undefined;
    return list.map((value, index) => {
      if (typeof value !== 'string' || value.length > (options.max ?? maxStringLength)) {
        throw parameterInvalid(`${this.name(key)}[${index}]`, `Invalid string: ${shown(value)}`);
      }
      return value;
    });
  }

  objectList(key: string, allowed: readonly string[]): Params[] | undefined {
    const list = this.list(key);
    if (list === undefined) return undefined;
    return list.map((value, index) => Params.of(value, allowed, `${this.name(key)}[${index}]`));
  }

  /** `expand[]`: the paths to expand in the answer. */
  expand(): string[] {
    return this.stringList('expand', { max: 200 }) ?? [];
  }

  /**
   * `metadata[k]=v` sets a key, `metadata[k]=` removes it, `metadata=` removes all (Stripe's rules,
   * with its limits: 50 keys, names of 40 characters, values of 500).
   */
  metadataUpdate(
    key = 'metadata',
  ): ((existing: Record<string, string>) => Record<string, string>) | undefined {
    const value = this.raw[key];
    if (value === undefined || value === null) return undefined;
    if (value === '') return () => ({});
    if (!isRecord(value)) {
      throw parameterInvalid(
        this.name(key),
        `Invalid object: ${this.name(key)} must be a hash.`,
        'parameter_invalid_object',
      );
    }
    const updates: [string, string | null][] = [];
    for (const [name, entry] of Object.entries(value)) {
      if (name.length === 0 || name.length > 40) {
        throw parameterInvalid(
          `${this.name(key)}[${name}]`,
          `Invalid metadata: keys must be 1 to 40 characters (${shown(name)}).`,
        );
      }
      if (entry === '' || entry === null) {
        updates.push([name, null]);
        continue;
      }
      if (typeof entry !== 'string' && typeof entry !== 'number' && typeof entry !== 'boolean') {
        throw parameterInvalid(`${this.name(key)}[${name}]`, `Invalid string: ${shown(entry)}`);
      }
      const text = String(entry);
      if (text.length > 500) {
        throw parameterInvalid(
          `${this.name(key)}[${name}]`,
          `Invalid metadata: values can be at most 500 characters (${name}).`,
        );
      }
      updates.push([name, text]);
    }
    return (existing) => {
      const next = new Map(Object.entries(existing));
      for (const [name, entry] of updates) {
        if (entry === null) next.delete(name);
        else next.set(name, entry);
      }
      if (next.size > 50) {
        throw parameterInvalid(this.name(key), 'Invalid metadata: at most 50 keys are allowed.');
      }
      return Object.fromEntries(next);
    };
  }

  /** `limit`, `starting_after`, `ending_before` of a list endpoint. */
  page(): Page {
    return {
      limit: this.integerInRange('limit'),
      startingAfter: this.text('starting_after', { max: 200 }),
      endingBefore: this.text('ending_before', { max: 200 }),
    };
  }

  private integerInRange(key: string): number {
    const value = this.raw[key];
    if (value === undefined || value === null || value === '') return 10;
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string' || !/^-?\d{1,15}$/.test(text.trim())) {
      throw parameterInvalid(key, `Invalid integer: ${shown(value)}`, 'parameter_invalid_integer');
    }
    const number = Number(text);
    if (number < 1 || number > 100) {
      throw parameterInvalid(key, 'Invalid limit: must be between 1 and 100.', 'parameter_invalid_integer');
    }
    return number;
  }
}

export type Page = { limit: number; startingAfter: string | undefined; endingBefore: string | undefined };

/** The parameters of a request: the query string, and for POST/DELETE the form body too. */
export function requestParams(request: { query: unknown; body: unknown; method: string }): unknown {
  const query = isRecord(request.query) ? request.query : {};
  if (request.method === 'GET' || request.body === undefined || request.body === null) return query;
  if (!isRecord(request.body)) return request.body;
  return { ...query, ...request.body };
}
