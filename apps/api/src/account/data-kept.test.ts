import { readFile } from 'node:fs/promises';
import { endpoints } from '@launchkit/api-contract';
import { readOutbox } from '@launchkit/mail';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subUsers } from '#api/db/schema.ts';
import { useBillingWorld } from '#api/test/test-billing.ts';
import { jobsDueNow, mailSettled } from '#api/test/test-mail.ts';
import { setPlan, type TestUser } from '#api/test/test-users.ts';

// docs/security.md, "Data kept", against the database: the main flows run once (sign up, items, an
// invitation and its reminder, joining, an ownership offer, an API key, a webhook endpoint, a data
// export, an account deleted), then every table and every job's payload is read. No row holds an
// invitation link or a raw secret the flows made, and every table holding rows is listed in the doc.

const world = useBillingWorld();

const db = () => world().app.db;
const call = (user: TestUser | null, method: string, path: string, body?: unknown) =>
  world().call(user, method, path, body);

/** The tables named in the first column of "Data kept" (`name` or `schema.name`). */
async function tablesInDataKept(): Promise<Set<string>> {
  const doc = await readFile(new URL('../../../../docs/security.md', import.meta.url), 'utf8');
  const section = doc.slice(
    doc.indexOf('## Data kept'),
    doc.indexOf('\n## ', doc.indexOf('## Data kept') + 1),
  );
  return new Set([...section.matchAll(/^\| `([a-z_.]+)`/gm)].map((match) => match[1] as string));
}

const rowsOf = async (statement: ReturnType<typeof sql>) =>
  ((await db().execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The main flows; answers the secrets they made (each must live in a mail or an answer only). */
async function runMainFlows() {
  const owner = await world().signedInUser();
  await setPlan(db(), owner.uid, {
    quantity: 3,
    stripePriceId: 'price_business_monthly',
    stripeSubscriptionStatus: 'active',
  });
  const member = await world().signedInUser();
  const leaving = await world().signedInUser();
  expect((await call(owner, 'POST', '/api/items', { name: 'Roadmap' })).status).toBe(201);

  const invited = await call(owner, 'POST', '/api/sub-users', {
    firstName: 'M',
    lastName: 'M',
    email: member.email,
  });
  expect(invited.status).toBe(201);
  const pending = await call(owner, 'POST', '/api/sub-users', {
    firstName: 'P',
    lastName: 'P',
    email: `pending-${Date.now()}@example.com`,
  });
  expect(pending.status).toBe(201);
  await jobsDueNow(db(), 'invitation-reminder');
  await mailSettled(db());
  const { mail } = world().app.config;
  if (mail.transport !== 'outbox') throw new Error('the app mails by SMTP');
  const mailed = await readOutbox(mail.outboxDir);
  const tokens = mailed.flatMap((each) =>
    [...each.text.matchAll(/\/invitation#([A-Za-z0-9_-]{43})/g)].map((m) => m[1] as string),
  );
  const memberToken = (await readOutbox(mail.outboxDir, { to: member.email }))
    .map((each) => each.text.match(/\/invitation#([A-Za-z0-9_-]{43})/)?.[1])
    .find(Boolean);
  expect((await call(member, 'POST', '/api/invitations/accept', { token: memberToken })).status).toBe(200);

  const [membership] = await db()
    .select({ id: subUsers.id })
    .from(subUsers)
    .where(and(eq(subUsers.owner, owner.uid), eq(subUsers.memberId, member.uid)));
  expect(
    (await call(owner, 'POST', '/api/workspace/ownership-transfer', { memberId: membership?.id })).status,
  ).toBe(200);

  const key = await call(owner, 'POST', '/api/api-keys', { name: 'CI', role: 'member' });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  // A product without outbound webhooks (docs/customising.md: they can be removed) skips this step.
  if (endpoints.some((entry) => entry.path === '/api/webhook-endpoints')) {
    const endpoint = await call(owner, 'POST', '/api/webhook-endpoints', {
      url: `${world().appUrl}/hook`,
      events: ['item.created'],
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
  }
  expect((await call(owner, 'POST', '/api/items', { name: 'Announced' })).status).toBe(201);
  expect([200, 201, 202]).toContain((await call(owner, 'POST', '/api/account/exports')).status);
  expect((await call(leaving, 'DELETE', '/api/account', { confirmation: leaving.email })).status).toBe(200);
  await mailSettled(db());

  const keySecret: string = key.body.data.secret;
  expect(keySecret).toMatch(/^lk_[a-z0-9]{8}_/);
  return {
    tokens,
    keySecret,
    accessTokens: [owner, member, leaving].map((each) => each.token),
  };
}

describe('the data kept', () => {
  it('holds no link or raw secret of the main flows, and every table holding rows is in docs/security.md', async () => {
    const { tokens, keySecret, accessTokens } = await runMainFlows();
    expect(tokens.length).toBeGreaterThanOrEqual(3);

    const tables = await rowsOf(
      sql`select table_schema as schema, table_name as name from information_schema.tables
          where table_schema in ('public', 'jobs') and table_type = 'BASE TABLE'`,
    );
    const documented = await tablesInDataKept();
    const undocumented: string[] = [];
    for (const { schema, name } of tables as { schema: string; name: string }[]) {
      const rows = await rowsOf(
        sql`select row_to_json(t)::text as row from ${sql.identifier(schema)}.${sql.identifier(name)} t`,
      );
      const text = rows.map((row) => String(row.row)).join('\n');
      for (const secret of [...tokens, keySecret, ...accessTokens]) {
        expect(
          text.includes(secret),
          `${schema}.${name} holds a secret of the flows: [${secret.length}] ${secret.slice(0, 30)}`,
        ).toBe(false);
      }
      expect(text, `${schema}.${name}`).not.toContain('/invitation#');
      const qualified = schema === 'public' ? name : `${schema}.${name}`;
      const isBookkeeping = name.startsWith('__drizzle') || (schema === 'jobs' && name !== 'job');
      if (rows.length > 0 && !isBookkeeping && !documented.has(qualified)) undocumented.push(qualified);
    }
    expect(undocumented).toEqual([]);
  });
});
