import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { created, idParams, ok, workspaceErrors } from './endpoint-parts.ts';
import { activityExportRange, daysInRange } from './field-rules.ts';
import { timestamp } from './fields.ts';
import { workspaceQuery } from './team.ts';

/** The formats of an activity export: CSV (RFC 4180) or JSON lines, one entry a line. */
export const activityExportFormats = ['csv', 'jsonl'] as const;
export type ActivityExportFormat = (typeof activityExportFormats)[number];

/** The longest range one export covers, in days (both ends included): a year, a leap one too. */
export const activityExportMaxDays = activityExportRange.maxDays;

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

/**
 * The longest range GET /api/activity/export streams at once, in days: a month of the busiest plan's
 * writes answers within seconds. A longer range is prepared as a file by a job (POST /api/activity/exports).
 */
export const activityExportStreamDays = activityExportRange.streamDays;

/** How long a prepared file can be downloaded, in days (as the data export's archive). */
export const activityExportLinkDays = 7;

const rangeFields = {
  from: day.describe('The first day (UTC, YYYY-MM-DD), included.'),
  to: day.describe('The last day (UTC, YYYY-MM-DD), included.'),
  format: z
    .enum(activityExportFormats, { error: 'Choose CSV or JSON lines.' })
    .default('csv')
    .describe('`csv` (the default) or `jsonl`.'),
};

/** Refuses a range whose last day is before its first, or longer than `maxDays` (under `to`). */
const rangeWithin =
  (maxDays: number, tooLong: string) => (range: { from: string; to: string }, context: z.RefinementCtx) => {
    const days = daysInRange(range.from, range.to);
    if (days < 1) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The last day must not be before the first.',
      });
    } else if (days > maxDays) {
      context.addIssue({ code: 'custom', path: ['to'], message: tooLong });
    }
  };

const longestRange = `An export covers at most ${activityExportMaxDays} days: choose a shorter range.`;

/** The query of GET /api/activity/export: the days to export (UTC, both included) and the format. */
export const activityExportQuery = workspaceQuery
  .extend(rangeFields)
  .superRefine(
    rangeWithin(
      activityExportStreamDays,
      `A range of more than ${activityExportStreamDays} days is prepared as a file: ask for it with POST /api/activity/exports.`,
    ),
  );
export type ActivityExportQuery = z.output<typeof activityExportQuery>;

/** The body of POST /api/activity/exports: any range up to activityExportMaxDays. */
export const activityExportRequest = z
  .strictObject(rangeFields)
  .superRefine(rangeWithin(activityExportMaxDays, longestRange))
  .meta({ id: 'ActivityExportRequest' });
export type ActivityExportRequest = z.output<typeof activityExportRequest>;

/** A prepared export as the Activity page lists it: its range, format, status and expiry. */
export const activityExport = z
  .object({
    id: z.uuid(),
    from: z.string(),
    to: z.string(),
    format: z.enum(activityExportFormats),
    createdAt: timestamp.describe('When it was asked for.'),
    status: z
      .enum(['preparing', 'ready', 'failed', 'expired'])
      .describe(
        '`preparing` until the file is written, then `ready` until `expiresAt`; `failed` when not prepared in time.',
      ),
    readyAt: timestamp.nullable(),
    expiresAt: timestamp,
  })
  .meta({ id: 'ActivityExport' });
export type ActivityExport = z.output<typeof activityExport>;

export const activityExportList = z
  .object({ exports: z.array(activityExport) })
  .meta({ id: 'ActivityExports' });
export type ActivityExportList = z.output<typeof activityExportList>;

const activityExportParams = idParams("The export's id (a uuid).");

/** The header that says from which day the workspace's plan still keeps activity (YYYY-MM-DD). */
export const activityKeptSinceHeader = 'activity-kept-since';

export const activityExportEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/activity/export',
    id: 'exportActivity',
    tag: 'Teams',
    summary: 'The workspace’s activity over a range of days, as a CSV or JSON lines file',
    description: `Owner and admins (as GET /api/activity), ranges up to ${activityExportStreamDays} days (a longer one: POST /api/activity/exports). Streamed as an attachment, oldest first, never cached. The \`${activityKeptSinceHeader}\` header says the first day the plan still keeps (older entries are deleted, docs/activity-export.md), so a range reaching further back holds only what is kept. In the CSV a cell that a spreadsheet would read as a formula (it starts with =, +, -, @, a tab or a carriage return) is prefixed with a single quote.`,
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
  endpoint({
    method: 'POST',
    path: '/api/activity/exports',
    id: 'startActivityExport',
    tag: 'Teams',
    summary: 'Prepares the workspace’s activity over a range of days (up to a year) as a file',
    description: `Owner and admins. A job writes the file (as GET /api/activity/export would answer it); GET /api/activity/exports lists it, and it can be downloaded for ${activityExportLinkDays} days. One export in preparation a workspace at a time (\`activity-exports/in-preparation\`).`,
    auth: 'bearer',
    request: { query: workspaceQuery, body: activityExportRequest },
    answer: created('The export, preparing.', activityExport),
    errors: { ...workspaceErrors, 409: ['activity-exports/in-preparation'] },
  }),
  endpoint({
    method: 'GET',
    path: '/api/activity/exports',
    id: 'listActivityExports',
    tag: 'Teams',
    summary: 'The workspace’s prepared activity exports, newest first',
    auth: 'bearer',
    request: { query: workspaceQuery },
    answer: ok('The exports.', activityExportList),
    errors: workspaceErrors,
  }),
  endpoint({
    method: 'GET',
    path: '/api/activity/exports/:id/file',
    id: 'downloadActivityExport',
    tag: 'Teams',
    summary: 'Downloads a prepared activity export',
    description:
      'Answers the file itself (CSV or JSON lines, as asked), not an envelope, as an attachment, never cached. Another workspace’s export is `activity-exports/not-found`.',
    auth: 'bearer',
    request: { params: activityExportParams, query: workspaceQuery },
    answer: { status: 200, description: 'The file.', contentType: 'text/csv', schema: z.string() },
    errors: {
      ...workspaceErrors,
      404: ['workspaces/not-found', 'activity-exports/not-found', 'activity-exports/expired'],
      409: ['activity-exports/not-ready'],
    },
  }),
];
