import { invalidRequest } from './stripe-error.ts';

/**
 * The part of Stripe's Search Query Language the emulator speaks: `field:"value"` (exact, case
 * insensitive), `field~"value"` (contains, three characters at least), `created>1700000000` (and
 * `<`, `>=`, `<=`), `metadata['key']:"value"` (or `:null` for "no such key"), `-` before a clause to
 * negate it, and clauses joined by AND or by OR (not both, at most ten).
 */
export type SearchField<Record> =
  | { kind: 'string'; get: (record: Record) => string | null }
  | { kind: 'number'; get: (record: Record) => number | null };

export type SearchFields<Record> = {
  resource: string;
  fields: { [name: string]: SearchField<Record> };
  metadata: (record: Record) => { [key: string]: string };
};

type Operator = ':' | '~' | '>' | '<' | '>=' | '<=';
type Clause = {
  negated: boolean;
  field: string;
  metadataKey: string | null;
  operator: Operator;
  value: string | number | null;
};

const maxClauses = 10;

const queryError = (message: string) => invalidRequest(message, { param: 'query' });

class Scanner {
  position = 0;
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  skipSpaces() {
    while (this.position < this.text.length && /\s/.test(this.text[this.position] ?? '')) this.position++;
  }

  get done() {
    this.skipSpaces();
    return this.position >= this.text.length;
  }

  peek(pattern: RegExp): string | undefined {
    this.skipSpaces();
    const match = pattern.exec(this.text.slice(this.position));
    return match?.index === 0 ? match[0] : undefined;
  }

  take(pattern: RegExp, what: string): string {
    const token = this.peek(pattern);
    if (token === undefined) {
      throw queryError(
        `Search query is not valid: expected ${what} at position ${this.position} of "${this.text.slice(0, 200)}".`,
      );
    }
    this.position += token.length;
    return token;
  }
}

function quoted(token: string): string {
  return token.slice(1, -1).replace(/\\(["'\\])/g, '$1');
}

function parseClause(scanner: Scanner): Clause {
  const negated = scanner.peek(/-/) !== undefined;
  if (negated) scanner.take(/-/, '-');
  const field = scanner.take(/[a-z_]+/, 'a field name');
  let metadataKey: string | null = null;
  if (field === 'metadata') {
    scanner.take(/\[/, "[ after metadata (metadata['key'])");
    metadataKey = quoted(scanner.take(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/, 'a quoted metadata key'));
    scanner.take(/\]/, ']');
  }
  const operator = scanner.take(/>=|<=|:|~|>|</, 'an operator (:, ~, >, <, >=, <=)') as Operator;
  const raw = scanner.take(/"(?:[^"\\]|\\.)*"|-?\d+|null/, 'a quoted value or a number');
  const value = raw === 'null' ? null : raw.startsWith('"') ? quoted(raw) : Number(raw);
  return { negated, field, metadataKey, operator, value };
}

/** Parses a query; refuses what Stripe refuses (syntax, unknown fields, mixed AND and OR). */
export function parseSearchQuery<Record>(text: string, spec: SearchFields<Record>) {
  const scanner = new Scanner(text);
  const clauses: Clause[] = [parseClause(scanner)];
  const joins = new Set<string>();
  while (!scanner.done) {
    joins.add(scanner.take(/AND\b|OR\b/, 'AND or OR between clauses'));
    clauses.push(parseClause(scanner));
  }
  if (joins.size > 1)
    throw queryError('Search query is not valid: AND and OR cannot be combined in one query.');
  if (clauses.length > maxClauses) {
    throw queryError(`Search query is not valid: at most ${maxClauses} clauses are allowed.`);
  }
  for (const clause of clauses) checkClause(clause, spec);
  const isOr = joins.has('OR');
  return (record: Record) => {
    const results = clauses.map((clause) => matches(clause, record, spec) !== clause.negated);
    return isOr ? results.some(Boolean) : results.every(Boolean);
  };
}

function checkClause<Record>(clause: Clause, spec: SearchFields<Record>) {
  const unsupported = () =>
    queryError(
      `Field '${clause.field}' is an unsupported search field for resource ${spec.resource}. See https://docs.stripe.com/search#query-fields-for-${spec.resource} for a list of supported fields.`,
    );
  if (clause.metadataKey !== null) {
    if (clause.operator !== ':') throw queryError('Search query is not valid: metadata supports only ":".');
    if (typeof clause.value === 'number')
      throw queryError('Search query is not valid: metadata values are quoted.');
    return;
  }
  const field = spec.fields[clause.field];
  if (!field) throw unsupported();
  if (field.kind === 'number') {
    if (typeof clause.value !== 'number' || clause.operator === '~') {
      throw queryError(`Search query is not valid: ${clause.field} takes a number with :, >, <, >= or <=.`);
    }
    return;
  }
  if (typeof clause.value !== 'string' || ['>', '<', '>=', '<='].includes(clause.operator)) {
    throw queryError(`Search query is not valid: ${clause.field} takes a quoted value with : or ~.`);
  }
  if (clause.operator === '~' && clause.value.length < 3) {
    throw queryError('Search query is not valid: a substring search (~) needs at least 3 characters.');
  }
}

function matches<Record>(clause: Clause, record: Record, spec: SearchFields<Record>): boolean {
  if (clause.metadataKey !== null) {
    const value = spec.metadata(record)[clause.metadataKey];
    if (clause.value === null) return value === undefined;
    return value !== undefined && value.toLowerCase() === String(clause.value).toLowerCase();
  }
  const field = spec.fields[clause.field];
  if (!field) return false;
  const actual = field.get(record);
  if (actual === null) return false;
  if (field.kind === 'number') {
    const wanted = clause.value as number;
    const number = actual as number;
    switch (clause.operator) {
      case '>':
        return number > wanted;
      case '<':
        return number < wanted;
      case '>=':
        return number >= wanted;
      case '<=':
        return number <= wanted;
      default:
        return number === wanted;
    }
  }
  const text = String(actual).toLowerCase();
  const wanted = String(clause.value).toLowerCase();
  return clause.operator === '~' ? text.includes(wanted) : text === wanted;
}

/** A page of search results (`page` is the `next_page` token of the previous one). */
export function searchPage<Record, Item>(
  records: Record[],
  options: {
    limit: number;
    page: string | undefined;
    url: string;
    render: (record: Record) => Item;
    total: boolean;
  },
) {
  let offset = 0;
  if (options.page !== undefined) {
    const decoded = Number(
      Buffer.from(options.page, 'base64url')
        .toString('utf8')
        .replace(/^offset:/, ''),
    );
    if (!Number.isInteger(decoded) || decoded < 0) {
      throw invalidRequest('Invalid page: not a next_page token of this search.', { param: 'page' });
    }
    offset = decoded;
  }
  const newestFirst = [...records].reverse();
  const slice = newestFirst.slice(offset, offset + options.limit);
  const hasMore = offset + options.limit < newestFirst.length;
  return {
    object: 'search_result' as const,
    data: slice.map(options.render),
    has_more: hasMore,
    next_page: hasMore ? Buffer.from(`offset:${offset + options.limit}`).toString('base64url') : null,
    url: options.url,
    ...(options.total && { total_count: newestFirst.length }),
  };
}
