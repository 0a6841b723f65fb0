/**
 * The one row an `insert … returning` wrote. A statement that wrote none is a bug of ours, not the
 * caller's error: it fails the request as an unexpected error.
 */
export function writtenRow<Row>(rows: Row[], statement: string): Row {
  const [row] = rows;
  if (!row) throw new Error(`${statement} returned no row`);
  return row;
}
