import { invalidRequest } from './stripe-error.ts';

/**
 * Stripe's Search Query Language (docs.stripe.com/search#search-query-language): a clause is a field,
 * an operator and a value. Values are quoted with single or double quotes (`\` escapes a quote);
 * numbers may go unquoted, and so may `null` (the field is not set) and `true`/`false`. `:` is an
 * exact, case-insensitive match; `~` a substring match (three characters at least) on the fields
 * Stripe allows it for; `>`, `<`, `>=`, `<=` compare numeric fields; `metadata['key']` reads a
 * metadata value; `-` before a clause negates it. Clauses are joined by AND or by OR, not both, at
 * most ten; there are no parentheses.
 */
export type SearchField<Record> =
  | { kind: 'string'; substring?: boolean; get: (record: Record) => string | null }
  | { kind: 'number'; get: (record: Record) => number | null }
  | { kind: 'boolean'; get: (record: Record) => boolean };

export type SearchFields<Record> = {
  /** The resource's name in Stripe's docs and messages (`customers`, `prices`). */
  resource: string;
  fields: { [name: string]: SearchField<Record> };
  metadata: (record: Record) => { [key: string]: string };
};

type Operator = ':' | '~' | '>' | '<' | '>=' | '<=';
type Value = { kind: 'text'; text: string } | { kind: 'null' } | { kind: 'bare'; text: string };
type Clause = {
  negated: boolean;
  field: string;
  metadataKey: string | null;
  operator: Operator;
  value: Value;
};

const maxClauses = 10;
const comparisons: readonly Operator[] = ['>', '<', '>=', '<='];
const languageUrl = 'https://docs.stripe.com/search#search-query-language';

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
      // Stripe answers a query it cannot read with where it stopped and a pointer to the syntax.
      throw queryError(
        `We were unable to parse your search query. Expected ${what} at position ${this.position} of "${this.text.slice(0, 200)}". See ${languageUrl} for the search query syntax.`,
      );
    }
    this.position += token.length;
    return token;
  }
}

const quotedPattern = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/;
const valuePattern = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|-?\d+(?:\.\d+)?(?![\w.])|(?:null|true|false)\b/;

const unquote = (token: string) => token.slice(1, -1).replace(/\\(["'\\])/g, '$1');

function parseClause(scanner: Scanner): Clause {
  const negated = scanner.peek(/-/) !== undefined;
  if (negated) scanner.take(/-/, '-');
  const field = scanner.take(/[a-z_]+/, 'a field name');
  let metadataKey: string | null = null;
  if (field === 'metadata') {
    scanner.take(/\[/, "[ after metadata (metadata['key'])");
    metadataKey = unquote(scanner.take(quotedPattern, 'a quoted metadata key'));
    scanner.take(/\]/, ']');
  }
  const operator = scanner.take(/>=|<=|:|~|>|</, 'an operator (:, ~, >, <, >=, <=)') as Operator;
  const raw = scanner.take(valuePattern, 'a quoted value, a number or null');
  const value: Value =
    raw === 'null'
      ? { kind: 'null' }
      : raw.startsWith('"') || raw.startsWith("'")
        ? { kind: 'text', text: unquote(raw) }
        : { kind: 'bare', text: raw };
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
  if (joins.size > 1) {
    throw queryError(
      `Search query contains both AND and OR: a query uses one of them only (there are no parentheses). See ${languageUrl}.`,
    );
  }
  if (clauses.length > maxClauses) {
    throw queryError(`Search query has more than ${maxClauses} clauses, the most a query can have.`);
  }
  const tests = clauses.map((clause) => clauseTest(clause, spec));
  const isOr = joins.has('OR');
  return (record: Record) => {
    const results = tests.map((test, index) => test(record) !== clauses[index]?.negated);
    return isOr ? results.some(Boolean) : results.every(Boolean);
  };
}

const numberOf = (value: Value) => {
  if (value.kind === 'null') return null;
  const number = Number(value.text);
  return value.text.trim() !== '' && Number.isFinite(number) ? number : undefined;
};

/** Checks a clause against the resource's fields and answers the test of a record. */
function clauseTest<Record>(clause: Clause, spec: SearchFields<Record>): (record: Record) => boolean {
  const { operator, value } = clause;
  const name = clause.metadataKey === null ? clause.field : `metadata['${clause.metadataKey}']`;
  const invalid = (rule: string) => queryError(`Invalid search query for ${name}: ${rule}`);
  if (clause.metadataKey !== null) {
    const key = clause.metadataKey;
    if (operator !== ':') throw invalid('metadata is matched exactly, with ":".');
    if (value.kind === 'null') return (record) => spec.metadata(record)[key] === undefined;
    const wanted = value.text.toLowerCase();
    return (record) => spec.metadata(record)[key]?.toLowerCase() === wanted;
  }
  const field = spec.fields[clause.field];
  if (!field) {
    throw queryError(
      `Field '${clause.field}' is an unsupported search field for resource ${spec.resource}. See https://docs.stripe.com/search#query-fields-for-${spec.resource} for a list of supported fields.`,
    );
  }
  if (field.kind === 'number') {
    if (operator === '~') throw invalid('a numeric field takes :, >, <, >= or <=.');
    const wanted = numberOf(value);
    if (wanted === undefined) throw invalid('a numeric field takes a number.');
    if (wanted === null) {
      if (operator !== ':') throw invalid('null is matched with ":".');
      return (record) => field.get(record) === null;
    }
    return (record) => {
      const actual = field.get(record);
      if (actual === null) return false;
      if (operator === '>') return actual > wanted;
      if (operator === '<') return actual < wanted;
      if (operator === '>=') return actual >= wanted;
      if (operator === '<=') return actual <= wanted;
      return actual === wanted;
    };
  }
  if (comparisons.includes(operator)) throw invalid('only numeric fields take >, <, >= and <=.');
  if (field.kind === 'boolean') {
    const text = value.kind === 'null' ? '' : value.text.toLowerCase();
    if (operator !== ':' || (text !== 'true' && text !== 'false')) {
      throw invalid('takes true or false, with ":".');
    }
    return (record) => field.get(record) === (text === 'true');
  }
  if (value.kind === 'null') {
    if (operator !== ':') throw invalid('null is matched with ":".');
    return (record) => field.get(record) === null;
  }
  if (value.kind === 'bare') throw invalid('a text value is quoted (\'value\' or "value").');
  const wanted = value.text.toLowerCase();
  if (operator === '~') {
    if (!field.substring) throw invalid('this field does not allow substring matching (~); use ":".');
    if (wanted.length < 3) throw invalid('a substring search (~) needs at least 3 characters.');
    return (record) => field.get(record)?.toLowerCase().includes(wanted) ?? false;
  }
  return (record) => field.get(record)?.toLowerCase() === wanted;
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
