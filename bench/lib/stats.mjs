/** The p-th percentile (0–100) of a list of numbers, nearest-rank. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

export const round = (value, digits = 1) => Number(value.toFixed(digits));

/** The largest of a list of numbers, however long (spreading 100,000 into Math.max overflows the stack). */
export const maximum = (values) =>
  values.reduce((largest, value) => Math.max(largest, value), Number.NEGATIVE_INFINITY);
