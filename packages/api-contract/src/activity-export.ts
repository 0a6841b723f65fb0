import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { workspaceErrors } from './endpoint-parts.ts';
import { workspaceQuery } from './team.ts';

/** The formats of an activity export: CSV (RFC 4180) or JSON lines, one entry a line. */
export const activityExportFormats = ['csv', 'jsonl'] as const;
export type ActivityExportFormat = (typeof activityExportFormats)[number];

/** The longest range one export covers, in days (both ends included): a year, a leap one too. */
export const activityExportMaxDays = 366;

/** The columns of the CSV, in order; the JSON lines carry the same fields (ActivityEntry). */
export const activityExportColumns = [
  'createdAt',
  'action',
  'actorEmail',
  'actorId',
  'subject',
  'previous',
  'id',
] as const;

const dayMs = 24 * 3_600_000;
const dayProblem = 'Give a date as YYYY-MM-DD.';

/** Whether `value` is YYYY-MM-DD and that day exists (2026-02-30 does not). */
const isCalendarDay = (value: string) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value)
  );
};

/** A calendar day (UTC), as a date input sends it; a day that does not exist (2026-02-30) is refused. */
const day = z
  .string({ error: dayProblem })
  // Runs even when the pattern failed (zod goes on to the next check): never a Date that throws.
  .refine((value) => isCalendarDay(value), { error: dayProblem });

/** Days from `from` to `to`, both included (1 for a single day). */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;

/** The query of GET /api/activity/export: the days to export (UTC, both included) and the format. */
export const activityExportQuery = workspaceQuery
  .extend({
    from: day.describe('The first day (UTC, YYYY-MM-DD), included.'),
    to: day.describe(
      `The last day (UTC, YYYY-MM-DD), included; at most ${activityExportMaxDays} days after \`from\`.`,
    ),
    format: z
      .enum(activityExportFormats, { error: 'Choose CSV or JSON lines.' })
      .default('csv')
      .describe('`csv` (the default) or `jsonl`.'),
  })
  .superRefine((query, context) => {
    const days = daysInRange(query.from, query.to);
    if (days < 1) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The last day must not be before the first.',
      });
    } else if (days > activityExportMaxDays) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `An export covers at most ${activityExportMaxDays} days: choose a shorter range.`,
      });
    }
  });
export type ActivityExportQuery = z.output<typeof activityExportQuery>;

/** The header that says from which day the workspace's plan still keeps activity (YYYY-MM-DD). */
export const activityKeptSinceHeader = 'activity-kept-since';

export const activityExportEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/activity/export',
    id: 'exportActivity',
    tag: 'Teams',
    summary: 'The workspace’s activity over a range of days, as a CSV or JSON lines file',
    description: `Owner and admins (as GET /api/activity). Streamed as an attachment, oldest first, never cached. The \`${activityKeptSinceHeader}\` header says the first day the plan still keeps (older entries are deleted, docs/activity-export.md), so a range reaching further back holds only what is kept. In the CSV a cell that a spreadsheet would read as a formula (it starts with =, +, -, @, a tab or a carriage return) is prefixed with a single quote.`,
    auth: 'bearer',
    request: { query: activityExportQuery },
    answer: {
      status: 200,
      description: `The entries: \`text/csv\` with a header row (${activityExportColumns.join(', ')}), or \`application/x-ndjson\` (one ActivityEntry a line) with \`format=jsonl\`.`,
      contentType: 'text/csv',
      schema: z.string(),
    },
    errors: workspaceErrors,
  }),
];
