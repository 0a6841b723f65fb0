import { dataExportLinkDays } from '@launchkit/api-contract';
import { formatLongDate } from '@launchkit/plans';
import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { mailButton, mailStyles, spelledOutLink } from '../mail-layout.ts';
import type { MailTemplate } from '../mail-template.ts';

/** `link`: the page of Settings → Your data that downloads the archive; `expiresAt`: ISO 8601. */
export type DataExportReadyProps = { link: string; expiresAt: string };

/**
 * "Download my data" (account/export-data.ts): the archive the person asked for is ready (key
 * `data-export:<export id>`). The link opens a page that needs their sign-in, so a forwarded or leaked
 * mail downloads nothing.
 */
export const dataExportReady: MailTemplate<DataExportReadyProps> = {
  optional: false,
  subject: (_props, site) => `Your ${site.name} data is ready to download`,
  content: ({ link, expiresAt }, site) => ({
    preview: `The archive of your ${site.name} data you asked for is ready.`,
    reason: `You get this mail because you asked for a copy of your data in Settings → Your data. If that was not you, change your password: the archive can only be downloaded once signed in.`,
    body: [
      h(
        Text,
        { key: 'ready', style: mailStyles.text },
        'The archive of your data you asked for is ready: your profile, your workspace memberships, your items, what you did in each workspace, and your invoices, in one JSON file.',
      ),
      mailButton('download', link, 'Download my data'),
      spelledOutLink(link),
      h(
        Text,
        { key: 'expiry', style: mailStyles.muted },
        `The link works for ${dataExportLinkDays} days, until ${formatLongDate(new Date(expiresAt))}, and only once you are signed in to ${site.name}. After that, ask for a new archive in Settings → Your data.`,
      ),
    ],
  }),
  example: {
    link: 'http://localhost:3000/settings/data?export=00000000-0000-4000-8000-000000000000',
    expiresAt: '2026-12-03T10:00:00.000Z',
  },
};
