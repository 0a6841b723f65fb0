import { dataArchive } from '@launchkit/api-contract';
import { readOutbox } from '@launchkit/mail';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { developmentDefaults } from '#api/config/production-settings.ts';
import { dataExports, mails, users } from '#api/db/schema.ts';
import { deleteExpiredData } from '#api/jobs/data-retention.ts';
import { createJobQueue } from '#api/jobs/job-queue.ts';
import { createMetrics } from '#api/operations/metrics.ts';
import { fixedPlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { useBillingWorld } from '#api/test/test-billing.ts';
import { mailSettled } from '#api/test/test-mail.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { setPlan, type TestUser } from '#api/test/test-users.ts';
import { dataExportJob } from './export-data.ts';

// "Download my data" (docs/security.md, "Data kept"): the archive written by its job from the database and the payment
// emulator, the mail with its link, and who may download it for how long.

const world = useBillingWorld();

const db = () => world().app.db;
const subject = 'Your Launchkit data is ready to download';

/** A request with `user`'s token, answered as it came (the archive is no envelope). */
const request = (user: TestUser | null, method: 'GET' | 'POST', url: string) =>
  world().app.app.inject({
    method,
    url,
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
  });

const archiveUrl = (id: string) => `/api/account/exports/${id}/archive`;

async function exportsOf(user: TestUser) {
  const response = await request(user, 'GET', '/api/account/exports');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.exports as { id: string; status: string; expiresAt: string }[];
}

/** Starts an export for `user` and waits until its job has written it and its mail has left. */
async function readyExport(user: TestUser): Promise<string> {
  const started = await request(user, 'POST', '/api/account/exports');
  expect(started.statusCode, started.body).toBe(201);
  const { id, status } = started.json().data;
  expect(status).toBe('preparing');
  await expect
    .poll(async () => (await exportsOf(user)).find((each) => each.id === id)?.status, { timeout: 15_000 })
    .toBe('ready');
  await mailSettled(db());
  return id;
}

async function mailsTo(user: TestUser) {
  const { mail } = world().app.config;
  if (mail.transport !== 'outbox') throw new Error('the app mails by SMTP');
  return (await readOutbox(mail.outboxDir, { to: user.email })).filter((each) => each.subject === subject);
}

describe('Download my data', () => {
  it('archives the profile, memberships both ways, items, activity in any workspace and invoices', async () => {
    // A customer who bought 1 seat of Pro through the hosted checkout: the provider's first invoice, paid.
    const { user: person, customer } = await world().payingUser();
    const [invoice] = (await world().payments.stripe.invoices.list({ customer })).data;
    expect(invoice?.id).toBeTruthy();
    // Someone else's workspace the person joined, and an item they added there.
    const other = await world().signedInUser();
    await setPlan(db(), other.uid, { quantity: 3 });
    await insertJoinedMember(db(), other, person);
    expect((await world().call(person, 'POST', '/api/items', { name: 'My own item' })).status).toBe(201);
    const inOther = await world().call(
      person,
      'POST',
      `/api/items?workspace=${encodeURIComponent(other.uid)}`,
      {
        name: 'Item in their workspace',
      },
    );
    expect(inOther.status, JSON.stringify(inOther.body)).toBe(201);
    const invited = await world().call(person, 'POST', '/api/sub-users', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace-export@example.com',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);

    const id = await readyExport(person);
    const [mail] = await mailsTo(person);
    const link = `${world().app.config.site.origin}/settings/data?export=${id}`;
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain('The link works for 7 days, until');

    const response = await request(person, 'GET', archiveUrl(id));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="launchkit-data-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const archive = dataArchive.parse(response.json());
    expect(archive.profile).toMatchObject({ uid: person.uid, email: person.email });
    expect(archive.profile.plan).toMatchObject({
      stripeCustomerId: customer,
      stripePriceId: 'price_pro_monthly',
    });
    const [row] = await db().select().from(users).where(eq(users.id, person.uid));
    expect(response.body).not.toContain(row?.unsubscribeToken);
    expect(Object.keys(response.json().profile)).not.toContain('planSyncTicket');
    expect(archive.items.map((item) => item.name)).toEqual(['My own item']);
    expect(archive.memberships.joined).toEqual([
      expect.objectContaining({ workspaceOwnerEmail: other.email, invitedAs: person.email }),
    ]);
    expect(archive.memberships.members).toEqual([
      expect.objectContaining({ email: 'grace-export@example.com', firstName: 'Grace', joinedAt: null }),
    ]);
    expect(
      archive.activity.map(({ action, subject, workspaceOwnerEmail }) => ({
        action,
        subject,
        workspaceOwnerEmail,
      })),
    ).toEqual([
      { action: 'item.created', subject: 'My own item', workspaceOwnerEmail: person.email },
      { action: 'item.created', subject: 'Item in their workspace', workspaceOwnerEmail: other.email },
      { action: 'member.invited', subject: 'grace-export@example.com', workspaceOwnerEmail: person.email },
    ]);
    expect(archive.invoices).toEqual([
      expect.objectContaining({
        id: invoice?.id,
        number: invoice?.number,
        amount: invoice?.total,
        currency: 'usd',
        status: invoice?.status,
      }),
    ]);
    // The other person's archive holds none of it: only what they did.
    const theirs = await readyExport(other);
    const their = dataArchive.parse((await request(other, 'GET', archiveUrl(theirs))).json());
    expect(their.items.map((item) => item.name)).toEqual(['Item in their workspace']);
    expect(their.activity).toEqual([]);
    expect(their.invoices).toEqual([]);
  });

  it('answers only its owner: anyone else, an unknown id and a malformed one get the same 404', async () => {
    const owner = await world().signedInUser();
    const stranger = await world().signedInUser();
    const id = await readyExport(owner);
    const refusals = [
      await request(stranger, 'GET', archiveUrl(id)),
      await request(owner, 'GET', archiveUrl('00000000-0000-4000-8000-000000000000')),
      await request(owner, 'GET', archiveUrl('not-an-id')),
    ];
    for (const refusal of refusals) {
      expectErrorEnvelope(
        refusal,
        404,
        'data-exports/not-found',
        'There is no such archive. Ask for a new one in Settings → Your data.',
      );
    }
    expect(await exportsOf(stranger)).toEqual([]);
    expect((await request(null, 'GET', archiveUrl(id))).statusCode).toBe(401);
  });

  it('refuses a second export while one is prepared, and another within 10 minutes', async () => {
    const person = await world().signedInUser();
    // An export asked for 20 minutes ago and not ready yet (its job still trying).
    await db().insert(dataExports).values({
      userId: person.uid,
      createdAt: sql`now() - interval '20 minutes'`,
      expiresAt: sql`now() + interval '1 day'`,
    });
    const busy = await request(person, 'POST', '/api/account/exports');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ status: 'error', code: 'data-exports/in-preparation' });
    const [preparing] = await exportsOf(person);
    expect(preparing?.status).toBe('preparing');
    expectErrorEnvelope(
      await request(person, 'GET', archiveUrl(preparing?.id ?? '')),
      409,
      'data-exports/not-ready',
      'We are still preparing this archive. We will email you when it is ready.',
    );
    await db().delete(dataExports).where(eq(dataExports.userId, person.uid));

    await readyExport(person);
    const again = await request(person, 'POST', '/api/account/exports');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ status: 'error', code: 'data-exports/too-soon' });
    expect(await exportsOf(person)).toHaveLength(1);
  });

  it('refuses an expired archive, which the data-retention job then deletes', async () => {
    const person = await world().signedInUser();
    const id = await readyExport(person);
    await db()
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(dataExports.id, id));
    expect((await exportsOf(person))[0]?.status).toBe('expired');
    expectErrorEnvelope(
      await request(person, 'GET', archiveUrl(id)),
      404,
      'data-exports/expired',
      'This archive has expired. Ask for a new one in Settings → Your data.',
    );
    expect(
      (await deleteExpiredData(db(), fixedPlanCatalogue(developmentDefaults.prices))).expiredExports,
    ).toBeGreaterThanOrEqual(1);
    expect(await exportsOf(person)).toEqual([]);
  });

  it('writes one archive and one mail however often its job runs, side by side or after', async () => {
    const person = await world().signedInUser();
    const [row] = await db()
      .insert(dataExports)
      .values({ userId: person.uid, expiresAt: sql`now() + interval '1 day'` })
      .returning({ id: dataExports.id });
    const exportId = row?.id ?? '';
    // Jobs sent as another instance would; the app's own worker runs them.
    const sender = createJobQueue({
      database: world().app.database,
      log: pino({ level: 'silent' }),
      metrics: createMetrics(),
    });
    sender.handle(dataExportJob, async () => {});
    await sender.start({ work: false });
    const completedRuns = async () => {
      const result = (await db().execute(
        sql`select count(*)::int as runs from jobs.job where name = ${dataExportJob.name} and state = 'completed' and data->>'exportId' = ${exportId}`,
      )) as unknown as { rows: { runs: number }[] };
      return result.rows[0]?.runs;
    };
    try {
      await Promise.all([sender.send(dataExportJob, { exportId }), sender.send(dataExportJob, { exportId })]);
      await expect.poll(completedRuns, { timeout: 15_000 }).toBe(2);
      const [first] = await db().select().from(dataExports).where(eq(dataExports.id, exportId));
      expect(first?.readyAt).toBeTruthy();
      await sender.send(dataExportJob, { exportId });
      await expect.poll(completedRuns, { timeout: 15_000 }).toBe(3);
      const [after] = await db().select().from(dataExports).where(eq(dataExports.id, exportId));
      expect(after).toEqual(first);
    } finally {
      await sender.stop();
    }
    await mailSettled(db());
    const ordered = await db()
      .select({ key: mails.key })
      .from(mails)
      .where(and(eq(mails.key, `data-export:${exportId}`), eq(mails.template, 'data-export-ready')));
    expect(ordered).toHaveLength(1);
    expect(await mailsTo(person)).toHaveLength(1);
  });
});
