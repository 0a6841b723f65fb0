import { type AnyColumn, sql } from 'drizzle-orm';

type IsoText<Column extends AnyColumn> = Column['_']['notNull'] extends true ? string : string | null;

/**
 * A `timestamptz` column as the API prints a time (`Date.prototype.toISOString`: UTC, milliseconds,
 * truncated as a JavaScript date truncates microseconds), formatted by PostgreSQL; null stays null.
 */
export const isoTimestamp = <Column extends AnyColumn>(column: Column) =>
  sql<IsoText<Column>>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
