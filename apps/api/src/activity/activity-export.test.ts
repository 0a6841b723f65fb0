import { activityExportStreamDays, activityKeptSinceHeader } from '@launchkit/api-contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { teamKit } from '#api/test/test-invitations.ts';
import { insertJoinedMember } from '#api/test/test-members.ts';
import { onPlan, type TestUser } from '#api/test/test-users.ts';

const suite = useAppWithIdentity();
const kit = teamKit(suite);
const { call, ownerWithSeats } = kit;

const dayMs = 24 * 3_600_000;
/** The UTC day `days` ago, as the export's query takes it. */
const dayAgo = (days: number) => new Date(Date.now() - days * dayMs).toISOString().slice(0, 10);

/** One entry straight into a workspace's log, `age` days old. */
async function seed(owner: TestUser, subject: string, age: number, previous: string | null = null) {
  await suite.testApp.db.execute(sql`
    insert into activity (workspace, actor_id, actor_email, action, subject, previous, created_at)
    values (${owner.uid}, ${owner.uid}, ${owner.email}, 'item.renamed', ${subject}, ${previous},
            now() - make_interval(secs => ${age * 86_400}))`);
}

const exportOf = (user: TestUser, query: string) => call(user, 'GET', `/api/activity/export?${query}`);

/**
 * Splits an RFC 4180 document into rows of cells: a cell is quoted (its quotes doubled, commas and CRLF
 * inside it kept) or plain, and each row ends with CRLF. Written from the RFC, not from the exporter.
 */
function parseCsv(text: string): string[][] {
  const cell = /"((?:[^"]|"")*)"|([^",\r\n]*)/y;
  const rows: string[][] = [];
  let row: string[] = [];
  while (cell.lastIndex < text.length) {
    const match = cell.exec(text);
    if (!match) throw new Error(`not CSV at ${cell.lastIndex}`);
    row.push(match[1] === undefined ? (match[2] ?? '') : match[1].replaceAll('""', '"'));
    const next = text.slice(cell.lastIndex, cell.lastIndex + 2);
    if (next.startsWith(',')) {
      cell.lastIndex += 1;
    } else if (next === '\r\n') {
      rows.push(row);
      row = [];
      cell.lastIndex += 2;
    } else {
      throw new Error(`a cell ends with ${JSON.stringify(next)} at ${cell.lastIndex}`);
    }
  }
  return rows;
}

describe('activity export', { timeout: 60_000 }, () => {
  it('exports the range as CSV, oldest first, formulas neutralised and RFC 4180 quoting kept', async () => {
    const owner = await ownerWithSeats(0);
    await seed(owner, 'Outside, too old', 20);
    await seed(owner, '=HYPERLINK("http://evil.example","click")', 5, '+1+2');
    await seed(owner, '@SUM(A1)', 4, '-3');
    await seed(owner, '\tTabbed', 3, '\rReturned');
    await seed(owner, 'Plain, with "quotes"\r\nand a line', 2);
    const response = await exportOf(owner, `from=${dayAgo(6)}&to=${dayAgo(0)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="activity-${dayAgo(6)}-to-${dayAgo(0)}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(['createdAt', 'action', 'actorEmail', 'actorId', 'subject', 'previous', 'id']);
    expect(rows.map((row) => [row[4], row[5]])).toEqual([
      ['\'=HYPERLINK("http://evil.example","click")', "'+1+2"],
      ["'@SUM(A1)", "'-3"],
      ["'\tTabbed", "'\rReturned"],
      ['Plain, with "quotes"\r\nand a line', ''],
    ]);
    expect(rows.every((row) => row[1] === 'item.renamed' && row[2] === owner.email)).toBe(true);
  });

  it('exports JSON lines: one entry a line, as GET /api/activity lists them, nothing escaped away', async () => {
    const owner = await ownerWithSeats(0);
    await seed(owner, '=1+1', 3);
    await seed(owner, 'Second', 1, 'First');
    const response = await exportOf(owner, `from=${dayAgo(4)}&to=${dayAgo(0)}&format=jsonl`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const lines = response.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toMatchObject([
      { action: 'item.renamed', subject: '=1+1', previous: null, actorId: owner.uid },
      { action: 'item.renamed', subject: 'Second', previous: 'First', actorEmail: owner.email },
    ]);
    const listed = (await call(owner, 'GET', '/api/activity')).json().data.entries;
    expect(lines).toEqual(listed.toReversed());
  });

  it('streams a range longer than one batch whole, every entry once', async () => {
    const owner = await ownerWithSeats(0);
    // 2,500 entries in the same microsecond: only the (created_at, id) keyset tells them apart.
    await suite.testApp.db.execute(sql`
      insert into activity (workspace, actor_id, actor_email, action, subject, created_at)
      select ${owner.uid}, ${owner.uid}, ${owner.email}, 'item.created', 'Entry ' || n, date_trunc('day', now())
      from generate_series(1, 2500) as n`);
    const response = await exportOf(owner, `from=${dayAgo(0)}&to=${dayAgo(0)}&format=jsonl`);
    const ids = response.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).id);
    expect(new Set(ids).size).toBe(2500);
  });

  it('leaves out what the plan no longer keeps, and says from which day it keeps', async () => {
    const owner = await ownerWithSeats(0);
    await seed(owner, 'Kept', 2);
    // Inside the range asked for (its first day began over 31 days ago), but past the free plan's 30 days.
    await seed(owner, 'Past the free 30 days', 30.5);
    const free = await exportOf(owner, `from=${dayAgo(31)}&to=${dayAgo(1)}`);
    expect(free.headers[activityKeptSinceHeader]).toBe(dayAgo(30));
    expect(parseCsv(free.body).map((row) => row[4])).toEqual(['subject', 'Kept']);
    await suite.testApp.db.execute(sql`update users set stripe_price_id = ${onPlan('pro').stripePriceId},
      stripe_subscription_status = 'active' where id = ${owner.uid}`);
    const pro = await exportOf(owner, `from=${dayAgo(31)}&to=${dayAgo(1)}`);
    expect(pro.headers[activityKeptSinceHeader]).toBe(dayAgo(365));
    expect(parseCsv(pro.body).map((row) => row[4])).toEqual(['subject', 'Past the free 30 days', 'Kept']);
  });

  it.each([
    ['to before from', 'from=2026-03-10&to=2026-03-09', { to: 'The last day must not be before the first.' }],
    [
      'a range longer than it streams',
      'from=2026-01-01&to=2026-02-01',
      {
        to: `A range of more than ${activityExportStreamDays} days is prepared as a file: ask for it with POST /api/activity/exports.`,
      },
    ],
    ['no dates', '', { from: 'Give a date as YYYY-MM-DD.', to: 'Give a date as YYYY-MM-DD.' }],
    ['a day that does not exist', 'from=2026-02-30&to=2026-03-01', { from: 'Give a date as YYYY-MM-DD.' }],
    ['a timestamp', 'from=2026-02-01T00:00:00Z&to=2026-03-01', { from: 'Give a date as YYYY-MM-DD.' }],
    [
      'an unknown format',
      'from=2026-02-01&to=2026-03-01&format=xlsx',
      { format: 'Choose CSV or JSON lines.' },
    ],
    [
      'a date given twice',
      'from=2026-02-01&from=2026-02-02&to=2026-03-01',
      { from: 'Give a date as YYYY-MM-DD.' },
    ],
  ])('refuses %s with 400 validation_failed and the field’s problem', async (_case, query, fields) => {
    const owner = await ownerWithSeats(0);
    const response = await exportOf(owner, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'validation_failed', fields });
  });

  it(`streams the longest range it streams, ${activityExportStreamDays} days with both ends`, async () => {
    const owner = await ownerWithSeats(0);
    expect((await exportOf(owner, 'from=2026-01-01&to=2026-01-31')).statusCode).toBe(200);
  });

  it("lets an admin export the workspace's log; refuses a member (403) and a stranger's workspace (404)", async () => {
    const owner = await ownerWithSeats(3);
    await seed(owner, 'Owner’s entry', 1);
    const admin = await kit.signedIn();
    const member = await kit.signedIn();
    await insertJoinedMember(suite.testApp.db, owner, admin, 'admin');
    await insertJoinedMember(suite.testApp.db, owner, member);
    const range = `from=${dayAgo(2)}&to=${dayAgo(0)}&workspace=${encodeURIComponent(owner.uid)}`;
    const byAdmin = await exportOf(admin, range);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.body).toContain('Owner’s entry');
    const byMember = await exportOf(member, range);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toMatchObject({ status: 'error', code: 'workspaces/forbidden' });
    const stranger = await kit.signedIn();
    const byStranger = await exportOf(stranger, range);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toMatchObject({ status: 'error', code: 'workspaces/not-found' });
    expect(byStranger.body).not.toContain('Owner’s entry');
  });

  it('needs a valid token', async () => {
    const response = await call(null, 'GET', `/api/activity/export?from=${dayAgo(1)}&to=${dayAgo(0)}`);
    expect(response.statusCode).toBe(401);
  });
});
