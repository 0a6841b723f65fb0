import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeWorkspace } from '#api/access/authorize-workspace.ts';
import { encodeActivityCursor } from '#api/activity/activity-cursor.ts';
import { listActivity } from '#api/activity/list-activity.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import { createItem } from '#api/items/create-item.ts';
import { prepareItemLists } from '#api/items/list-items.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { prepareMemberList } from '#api/team/list-members.ts';
import { listWorkspaces } from '#api/team/list-workspaces.ts';
import { lookUpInvitation } from '#api/team/look-up-invitation.ts';
import { openTestDatabase } from '#api/test/test-database.ts';
import { findOrCreateUser } from '#api/users/user-document.ts';
import type { Database, DatabaseHandle } from './database.ts';
import * as schema from './schema.ts';

// The hot queries keep their indexes (docs/capacity.md): the statements the product's own
// functions send (captured by a Drizzle logger, so this follows the product when a query changes), each
// EXPLAINed against a database seeded like a busy deployment: many small workspaces and one at the caps
// (1,000 items, 200 members, a long activity log), ANALYZEd. Each plan must reach its table through the
// expected index, with no Seq Scan of a workspace table, and an activity page must come in the index's
// order (no Sort) from the cursor on (an index condition): a page then reads its own rows and no
// others, however deep. Each statement is also run once (rolled back) and may touch only so many pages:
// indexes used by a query that still reads too much (a subquery once per row of the list) fail as
// well. A dropped or reshaped index fails here, not in production.
// Both plans PostgreSQL may use are checked: the custom plan of one execution (with the values), and
// the generic plan a prepared statement (the items list, the user lookup) switches to after five.
// PostgreSQL only: PGlite's planner is PostgreSQL's, but a plan is only worth checking on the server.

type Statement = { query: string; params: unknown[] };
type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
};

/** The tables that grow with workspaces: never read whole by a hot query. */
const workspaceTables = ['users', 'items', 'sub_users', 'activity'];

const smallWorkspaces = 400;
const big = { owner: 'auth0|plans-big', items: 1_000, members: 200, activity: 20_000 };
const perSmall = { items: 25, members: 5, activity: 40 };
const bigMember = 'auth0|plans-big-member-100';
/** A caller as a verified token describes one (signed in without a second factor). */
const caller = (uid: string) => ({ uid, secondFactor: false });
/** The indexes that lead with `sub_users.owner`: the planner may take either to find a workspace's rows. */
const subUsersByOwner = ['sub_users_owner_email_unique', 'sub_users_owner_member_unique'];

/** Every node of a plan, depth first. */
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** A plan on one line, for failure messages: `Limit(Index Scan using … on activity)`. */
function describePlan(node: PlanNode): string {
  const index = node['Index Name'] ? ` using ${node['Index Name']}` : '';
  const target = `${index}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;
  const children = (node.Plans ?? []).map(describePlan).join(', ');
  return `${node['Node Type']}${target}${children ? `(${children})` : ''}`;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the hot queries use their indexes (PostgreSQL)', () => {
  let handle: DatabaseHandle & { url?: string };
  let pool: pg.Pool;
  /** The product's database object, with a logger that keeps every statement sent. */
  let db: Database;
  let sent: Statement[] = [];

  /** The statements `work` sends, as sent (text and parameters); a refusal it ends with is fine. */
  async function statementsOf(work: () => Promise<unknown>): Promise<Statement[]> {
    sent = [];
    await work().catch(() => undefined);
    expect(sent.length, 'the product sent no statement').toBeGreaterThan(0);
    return sent.filter((statement) => !/^(begin|commit|rollback|savepoint|release)\b/i.test(statement.query));
  }

  /** The plan of one execution with these values. */
  async function customPlan(statement: Statement): Promise<PlanNode> {
    const { rows } = await pool.query(`explain (format json) ${statement.query}`, statement.params);
    return rows[0]['QUERY PLAN'][0].Plan;
  }

  /** The plan a prepared statement settles on after its fifth execution, whatever the values. */
  async function genericPlan(statement: Statement): Promise<PlanNode> {
    const client = await pool.connect();
    let isPrepared = false;
    try {
      await client.query(`prepare hot_query as ${statement.query}`);
      isPrepared = true;
      await client.query('set plan_cache_mode = force_generic_plan');
      const values = statement.params.map((value) =>
        value === null ? 'null' : client.escapeLiteral(String(value)),
      );
      const { rows } = await client.query(
        `explain (format json) execute hot_query${values.length ? `(${values.join(', ')})` : ''}`,
      );
      return rows[0]['QUERY PLAN'][0].Plan;
    } finally {
      // Only its own: the product's named statements on this connection stay prepared.
      await client.query(`${isPrepared ? 'deallocate hot_query; ' : ''}reset plan_cache_mode`);
      client.release();
    }
  }

  /**
   * The pages (8 KiB buffers) the statement touches when it runs, in a transaction rolled back: a plan
   * can use every index and still read far too much, such as a subquery run once per row of a list.
   */
  async function pagesRead(statement: Statement): Promise<number> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query(
        `explain (analyze, buffers, format json) ${statement.query}`,
        statement.params,
      );
      const plan = rows[0]['QUERY PLAN'][0].Plan;
      return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
    } finally {
      await client.query('rollback');
      client.release();
    }
  }

  /**
   * Checks both plans of every statement `work` sends: no Seq Scan of a workspace table, and together
   * they use each of `indexes` (a list: any one of them); `ordered`, no Sort (the index gives the
   * order); `indexConditions`, each plan has an index condition matching each. And each statement,
   * run, touches at most `maxPages` pages (1,000, 8 MiB; the largest list reads about 150).
   */
  async function expectIndexedPlans(
    work: () => Promise<unknown>,
    expected: {
      indexes: (string | string[])[];
      ordered?: boolean;
      indexConditions?: RegExp[];
      maxPages?: number;
    },
  ): Promise<PlanNode[]> {
    const plans: PlanNode[] = [];
    for (const statement of await statementsOf(work)) {
      for (const [kind, plan] of [
        ['custom', await customPlan(statement)],
        ['generic', await genericPlan(statement)],
      ] as const) {
        const where = `${kind} plan ${describePlan(plan)} of: ${statement.query}`;
        const nodes = nodesOf(plan);
        const seqScans = nodes.filter(
          (node) => node['Node Type'] === 'Seq Scan' && workspaceTables.includes(node['Relation Name'] ?? ''),
        );
        expect(
          seqScans.map((node) => node['Relation Name']),
          `a Seq Scan in the ${where}`,
        ).toEqual([]);
        if (expected.ordered) {
          expect(
            nodes.filter((node) => /Sort/.test(node['Node Type'])).map((node) => node['Node Type']),
            `a sort in the ${where}`,
          ).toEqual([]);
        }
        plans.push(plan);
      }
      const maxPages = expected.maxPages ?? 1_000;
      expect(await pagesRead(statement), `pages read by: ${statement.query}`).toBeLessThanOrEqual(maxPages);
    }
    const used = new Set(plans.flatMap(nodesOf).flatMap((node) => node['Index Name'] ?? []));
    for (const index of expected.indexes) {
      const either = typeof index === 'string' ? [index] : index;
      expect(
        either.some((name) => used.has(name)),
        `${either.join(' or ')} unused: ${plans.map(describePlan).join('; ')}`,
      ).toBe(true);
    }
    for (const condition of expected.indexConditions ?? []) {
      for (const plan of plans) {
        const conditions = nodesOf(plan).flatMap((node) => node['Index Cond'] ?? []);
        expect(
          conditions.some((text) => condition.test(text)),
          `${condition} not an index condition of ${describePlan(plan)}: ${conditions.join('; ')}`,
        ).toBe(true);
      }
    }
    return plans;
  }

  beforeAll(async () => {
    handle = await openTestDatabase();
    pool = new pg.Pool({ connectionString: handle.url, max: 2 });
    db = drizzle(pool, {
      schema,
      logger: { logQuery: (query, params) => sent.push({ query, params }) },
    }) as unknown as Database;

    // Rows of all workspaces interleaved, as time writes them; the big workspace a small share of each
    // table but the activity log, as it is among many. `spread(n, share, total)`: whether row n of
    // `total` is one of `share` rows spread evenly among them.
    const spread = (share: number, total: number) =>
      `(n * ${share}) / ${total} > ((n - 1) * ${share}) / ${total}`;
    const memberRows = smallWorkspaces * perSmall.members + big.members;
    const itemRows = smallWorkspaces * perSmall.items + big.items;
    const activityRows = smallWorkspaces * perSmall.activity + big.activity;
    const ownerOf = (share: number, total: number) =>
      `case when ${spread(share, total)} then '${big.owner}' else 'auth0|plans-owner-' || (n % ${smallWorkspaces} + 1) end`;
    const seed = `
      insert into users (id, email, quantity)
        select 'auth0|plans-owner-' || n, 'owner-' || n || '@example.com', ${perSmall.members * 2}
        from generate_series(1, ${smallWorkspaces}) n;
      insert into users (id, email, quantity) values ('${big.owner}', 'big@example.com', ${big.members});
      insert into users (id, email)
        select 'auth0|plans-big-member-' || n, 'big-member-' || n || '@example.com'
        from generate_series(1, ${big.members}) n;
      insert into users (id, email)
        select 'auth0|plans-member-' || n, 'member-' || n || '@example.com'
        from generate_series(1, ${memberRows}) n;

      insert into sub_users (owner, email, first_name, last_name, created_at, joined_at,
                             invitation_token_hash, invitation_expires_at)
        select ${ownerOf(big.members, memberRows)}, 'person-' || n || '@example.com', 'Ada', 'Lovelace',
               now() - n * interval '1 minute', now() - n * interval '1 minute',
               encode(sha256(('token-' || n)::bytea), 'hex'), now() + interval '7 days'
        from generate_series(1, ${memberRows}) n;
      update sub_users set member_id = case when owner = '${big.owner}'
                                            then 'auth0|plans-big-member-' else 'auth0|plans-member-' end
                                       || ranked.position
        from (select id, row_number() over (partition by owner = '${big.owner}' order by id) as position
              from sub_users) ranked
        where sub_users.id = ranked.id;

      insert into items (owner, name, created_at)
        select ${ownerOf(big.items, itemRows)}, 'Item ' || n, now() - n * interval '1 second'
        from generate_series(1, ${itemRows}) n;

      insert into activity (workspace, actor_id, actor_email, action, subject, created_at)
        select ${ownerOf(big.activity, activityRows)}, 'auth0|someone', 'someone@example.com',
               'item.created', 'Item ' || n, now() - (n / 3) * interval '1 second'
        from generate_series(1, ${activityRows}) n;
      analyze;`;
    await pool.query(seed);
    const { rows } = await pool.query(
      `select owner = $1 as big, count(*)::int as count from items group by 1
       union all select owner = $1, count(*)::int from sub_users group by 1
       union all select workspace = $1, count(*)::int from activity group by 1`,
      [big.owner],
    );
    // The big workspace is at the caps it is meant to be at.
    expect(rows.filter((row) => row.big).map((row) => row.count)).toEqual([
      big.items,
      big.members,
      big.activity,
    ]);
  });

  afterAll(async () => {
    await pool?.end();
    await handle?.close();
  });

  it("the dashboard's items list (prepared statement) reads the workspace's items in the index's order", async () => {
    const lists = prepareItemLists(db);
    // The whole list (1,000 rows at the cap) is read: PostgreSQL may as well gather it through a bitmap
    // of the index and sort it, which is cheaper than 1,000 visits in the index's order.
    await expectIndexedPlans(() => lists.ofOwner(big.owner), {
      indexes: ['users_pkey', 'items_owner_created_at_idx'],
    });
  });

  it('a kept list that has not changed: the next read reads its version and no item, the owner’s or a member’s', async () => {
    const lists = prepareItemLists(db);
    await lists.forCaller(caller(big.owner), undefined); // 1,000 items: read and kept
    // The whole list would be about 1,000 pages: the one-time filter on the version skips the items.
    await expectIndexedPlans(() => lists.forCaller(caller(big.owner), undefined), {
      indexes: ['users_pkey'],
      maxPages: 10,
    });
    await lists.forCaller(caller(bigMember), big.owner);
    await expectIndexedPlans(() => lists.forCaller(caller(bigMember), big.owner), {
      indexes: ['sub_users_owner_member_unique', 'users_pkey'],
      maxPages: 200,
    });
  });

  it("a member's items list (prepared statement): membership, seat and items in one statement", async () => {
    const lists = prepareItemLists(db);
    await expectIndexedPlans(() => lists.forCaller(caller(bigMember), big.owner), {
      indexes: ['sub_users_owner_member_unique', 'users_pkey', 'items_owner_created_at_idx'],
    });
  });

  it("the signed-in check's user lookup (prepared statement) reads one row by its key", async () => {
    const identity = {} as IdentityConfig; // never asked: the row exists
    const jobs = { send: async () => {} }; // nothing ordered: the row exists
    await expectIndexedPlans(
      () => findOrCreateUser({ db, identity, jobs }, { uid: bigMember, token: 'unused' }),
      {
        indexes: ['users_pkey'],
      },
    );
  });

  it("a member's membership and seat, checked by every other request in the owner's workspace", async () => {
    await expectIndexedPlans(() => authorizeWorkspace(db, caller(bigMember), big.owner), {
      indexes: ['sub_users_owner_member_unique', 'users_pkey'],
    });
  });

  it("a member's item write: the locked membership, the item count, the insert and its log entry", async () => {
    await expectIndexedPlans(
      () =>
        createItem(
          { db, itemsPerUser: 1_000_000, jobs: { send: async () => {} } },
          { uid: bigMember } as Parameters<typeof createItem>[1],
          big.owner,
          { name: 'Planned' },
        ),
      { indexes: ['users_pkey', 'sub_users_owner_member_unique', 'items_owner_created_at_idx'] },
    );
  });

  it('the member list ranks the workspace’s members for their seats', async () => {
    const listMembers = prepareMemberList(db);
    await expectIndexedPlans(() => listMembers(big.owner), {
      indexes: [subUsersByOwner, 'users_pkey'],
    });
  });

  it('a kept member list checks its version by the same indexes', async () => {
    const listMembers = prepareMemberList(db);
    await listMembers(big.owner); // 200 members: read and kept
    await expectIndexedPlans(() => listMembers(big.owner), { indexes: [subUsersByOwner, 'users_pkey'] });
  });

  it("the workspace switcher's list of a member's workspaces", async () => {
    const plans = { priceIds: {}, planByPriceId: new Map() } as unknown as PlanCatalogue;
    const ownRecord = () => Promise.reject(new Error('the list read the caller’s own record itself'));
    await expectIndexedPlans(() => listWorkspaces({ db, plans }, bigMember, ownRecord), {
      indexes: ['sub_users_member_idx', 'users_pkey'],
    });
  });

  it('the invitation page’s lookup by token', async () => {
    await expectIndexedPlans(() => lookUpInvitation(db, 'A'.repeat(43)), {
      indexes: ['sub_users_invitation_token_hash_unique'],
    });
  });

  it("the activity log's first page and a deep page by cursor read only their page, in the index's order", async () => {
    await expectIndexedPlans(() => listActivity(db, big.owner), {
      indexes: ['activity_workspace_created_at_idx'],
      ordered: true,
      maxPages: 100,
    });
    const { rows } = await pool.query(
      `select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt"
       from activity where workspace = $1 order by created_at desc, id desc offset 15000 limit 1`,
      [big.owner],
    );
    const before = encodeActivityCursor(rows[0]);
    // The cursor is a condition of the index scan, which starts at it: not a filter over every newer row.
    await expectIndexedPlans(() => listActivity(db, big.owner, { before }), {
      indexes: ['activity_workspace_created_at_idx'],
      ordered: true,
      indexConditions: [/ROW\(created_at, id\) < ROW\(/],
      maxPages: 100,
    });
  });
});
