import type { MailPreferences, MailPreferencesChange, Unsubscribed } from '@launchkit/api-contract';
import { isTrialStatus } from '@launchkit/plans/plan-status';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import type { OptionalMail } from './mail-template.ts';
import { mailTemplates } from './mail-templates.ts';

// Settings → Notifications (docs/jobs.md, "Mail"): the optional mails are the templates marked so;
// a person's choice is the list of those they turned off (`users.mail_opt_outs`), read by the mail job
// when it sends.

/** The optional mails by name, in the registry's order. */
const optionalMails: [string, OptionalMail][] = Object.entries(mailTemplates).flatMap(([name, template]) =>
  template.optional ? [[name, template.optional] as [string, OptionalMail]] : [],
);
const optionalNames = new Set(optionalMails.map(([name]) => name));

const unknownMail = (name: string) =>
  new AppError(400, 'mail/unknown-mail', `There is no optional mail named “${name.slice(0, 64)}”.`);

/** What decides which optional mails a person is offered. */
export type MailOffer = { hasTrial: boolean };

type Reader = { optOuts: string[]; status: string | null };

const preferencesOf = (reader: Reader, offer: MailOffer): MailPreferences => {
  const mayTrial = offer.hasTrial || isTrialStatus(reader.status);
  return {
    mails: optionalMails
      .filter(([, { onlyWithTrials }]) => !onlyWithTrials || mayTrial)
      .map(([mail, { label, description }]) => ({
        mail,
        label,
        description,
        enabled: !reader.optOuts.includes(mail),
      })),
  };
};

/** A text[] of `values`, one parameter each (Drizzle spreads a JavaScript array into a list). */
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

const readerColumns = { optOuts: users.mailOptOuts, status: users.stripeSubscriptionStatus };

export async function getMailPreferences(
  db: Database,
  uid: string,
  offer: MailOffer,
): Promise<MailPreferences> {
  const [row] = await db.select(readerColumns).from(users).where(eq(users.id, uid));
  return preferencesOf(row ?? { optOuts: [], status: null }, offer);
}

/**
 * Turns optional mails on or off in one statement, so two changes at once (two tabs) each keep the
 * other's: the list is edited in place, never written back from a read.
 */
export async function changeMailPreferences(
  db: Database,
  uid: string,
  change: MailPreferencesChange,
  offer: MailOffer,
): Promise<MailPreferences> {
  const names = Object.keys(change);
  const unknown = names.find((name) => !optionalNames.has(name));
  if (unknown !== undefined) throw unknownMail(unknown);
  const off = names.filter((name) => change[name] === false);
  const on = names.filter((name) => change[name] === true);
  const [row] = await db
    .update(users)
    .set({
      mailOptOuts: sql`array(select distinct name from unnest(${users.mailOptOuts} || ${textArray(off)}) as name where name <> all(${textArray(on)}) order by name)`,
    })
    .where(eq(users.id, uid))
    .returning(readerColumns);
  return preferencesOf(row ?? { optOuts: [], status: null }, offer);
}

/** The one-click link of an optional mail: turns that mail off for the person its token names. */
export async function unsubscribe(db: Database, token: string, mail: string): Promise<Unsubscribed> {
  const setting = optionalMails.find(([name]) => name === mail)?.[1];
  if (!setting) throw unknownMail(mail);
  const [row] = await db
    .update(users)
    .set({
      mailOptOuts: sql`array(select distinct name from unnest(${users.mailOptOuts} || ${textArray([mail])}) as name order by name)`,
    })
    .where(eq(users.unsubscribeToken, token))
    .returning({ id: users.id });
  if (!row) {
    throw new AppError(
      404,
      'mail/unsubscribe-link-not-found',
      'This unsubscribe link is not valid any more. Sign in and choose your mail in Settings → Notifications.',
    );
  }
  return { mail, label: setting.label, enabled: false };
}
