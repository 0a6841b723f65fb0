import { type ActivityEntry, activityExportColumns } from '@launchkit/api-contract';

/**
 * The first characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection"): an
 * exported subject such as `=HYPERLINK(…)` must open as text, not run. A cell starting with one is
 * prefixed with a single quote, which spreadsheets show as text and do not evaluate.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** One cell, RFC 4180: quoted when it holds a quote, a comma or a line break, its quotes doubled. */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The header row, CRLF-terminated as RFC 4180 has it. */
export const csvHeader = `${activityExportColumns.join(',')}\r\n`;

/** One entry as a CSV row, its columns in activityExportColumns' order. */
export const csvRow = (entry: ActivityEntry): string =>
  `${activityExportColumns.map((column) => csvCell(entry[column])).join(',')}\r\n`;

/** One entry as a line of JSON lines. */
export const jsonLine = (entry: ActivityEntry): string => `${JSON.stringify(entry)}\n`;
