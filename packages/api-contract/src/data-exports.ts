import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { created, idParams, ok } from './endpoint-parts.ts';
import { timestamp } from './fields.ts';
import { activityActions } from './team.ts';

// Settings → Your data, "Download my data" (docs/security.md, "Data kept"): the person asks, a job writes
// the archive and mails them a link to the page that downloads it with their own token.

/** How long a ready archive can be downloaded, in days; the mail and the page say so. */
export const dataExportLinkDays = 7;

/** The wait between two exports a person asks for, in minutes. */
export const dataExportWaitMinutes = 10;

export const dataExport = z
  .object({
    id: z.uuid(),
    createdAt: timestamp.describe('When the person asked for it.'),
    status: z
      .enum(['preparing', 'ready', 'failed', 'expired'])
      .describe(
        '`preparing` until the archive is written, then `ready` until `expiresAt`; `failed` when it could not be prepared in time, `expired` once past `expiresAt` (deleted within a day).',
      ),
    readyAt: timestamp.nullable(),
    expiresAt: timestamp.describe(
      `Ready: the last moment it can be downloaded (${dataExportLinkDays} days after readyAt). Preparing: until when it may still become ready.`,
    ),
  })
  .meta({ id: 'DataExport' });

export const dataExportList = z
  .object({ exports: z.array(dataExport).describe('Newest first.') })
  .meta({ id: 'DataExports' });

const exportParams = idParams("The export's id.");

/** A time of the archive: ISO 8601 in UTC, or null. */
const when = timestamp.nullable();

/**
 * What the archive holds: the person's profile, their memberships, their own workspace's items, what
 * they did in any workspace, and their invoices at the payment provider. No internal tokens or counters.
 */
export const dataArchive = z
  .object({
    exportedAt: timestamp,
    profile: z.object({
      uid: z.string().describe("The identity provider's subject."),
      email: z.string(),
      name: z.string().nullable(),
      picture: z.string().nullable(),
      createdAt: timestamp,
      updatedAt: timestamp,
      plan: z.object({
        stripeCustomerId: z.string().nullable(),
        stripePriceId: z.string().nullable(),
        stripeSubscriptionStatus: z.string().nullable(),
        quantity: z.int().describe('Seats bought.'),
        trialEnd: when,
        currentPeriodEnd: when,
      }),
      requiresSecondFactorOfMembers: z.boolean(),
      mailOptOuts: z.array(z.string()).describe('The optional mails turned off.'),
    }),
    memberships: z.object({
      joined: z
        .array(
          z.object({
            workspaceOwnerEmail: z.string().nullable(),
            invitedAs: z.string().describe('The address the owner invited.'),
            firstName: z.string(),
            lastName: z.string(),
            invitedAt: timestamp,
            joinedAt: when,
          }),
        )
        .describe('The workspaces the person joined.'),
      members: z
        .array(
          z.object({
            email: z.string(),
            firstName: z.string(),
            lastName: z.string(),
            invitedAt: timestamp,
            joinedAt: when,
          }),
        )
        .describe('The people the person added to their own workspace, joined or invited; oldest first.'),
    }),
    items: z
      .array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          featured: z.boolean(),
          createdAt: timestamp,
          updatedAt: timestamp,
        }),
      )
      .describe("The person's own workspace's items, oldest first."),
    activity: z
      .array(
        z.object({
          id: z.uuid(),
          workspaceOwnerEmail: z.string().nullable(),
          action: z.enum(activityActions),
          subject: z.string(),
          previous: z.string().nullable(),
          createdAt: timestamp,
        }),
      )
      .describe('What the person did, in any workspace, oldest first.'),
    invoices: z
      .array(
        z.object({
          id: z.string(),
          number: z.string().nullable(),
          amount: z.int().describe('The total, in the smallest unit of the currency (cents).'),
          currency: z.string(),
          status: z.string().nullable(),
          created: timestamp,
          period: z.object({ start: timestamp, end: timestamp }),
          hostedInvoiceUrl: z.string().nullable(),
        }),
      )
      .describe("The person's invoices at the payment provider, newest first."),
  })
  .meta({ id: 'DataArchive' });

export type DataExport = z.output<typeof dataExport>;
export type DataExportList = z.output<typeof dataExportList>;
export type DataArchive = z.output<typeof dataArchive>;

export const dataExportEndpoints = [
  endpoint({
    method: 'POST',
    path: '/api/account/exports',
    id: 'startDataExport',
    tag: 'Account',
    summary: "Starts an archive of the caller's data",
    description: `A job writes the archive and mails the caller a link to download it, valid ${dataExportLinkDays} days. One export at a time (\`data-exports/in-preparation\`), one every ${dataExportWaitMinutes} minutes (\`data-exports/too-soon\`).`,
    auth: 'bearer',
    answer: created('The export, preparing.', dataExport),
    errors: { 409: ['data-exports/in-preparation'], 429: ['data-exports/too-soon'] },
  }),
  endpoint({
    method: 'GET',
    path: '/api/account/exports',
    id: 'listDataExports',
    tag: 'Account',
    summary: "The caller's exports",
    auth: 'bearer',
    answer: ok('The exports.', dataExportList),
  }),
  endpoint({
    method: 'GET',
    path: '/api/account/exports/:id/archive',
    id: 'downloadDataExport',
    tag: 'Account',
    summary: 'Downloads a ready archive',
    description:
      'Answers the archive itself, not an envelope, as an attachment (`Content-Disposition`), never cached. Only its owner can fetch it: any other id is `data-exports/not-found`.',
    auth: 'bearer',
    request: { params: exportParams },
    answer: { status: 200, description: 'The archive (JSON).', schema: dataArchive },
    errors: {
      404: ['data-exports/not-found', 'data-exports/expired'],
      409: ['data-exports/not-ready'],
    },
  }),
];
