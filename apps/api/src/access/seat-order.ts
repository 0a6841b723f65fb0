import { sql } from 'drizzle-orm';
import { subUsers, users } from '#api/db/schema.ts';

// The seat rule (docs/team.md, decision 0016), in one place: seats go to an owner's members in the order
// they were added (`created_at, id`, compared in SQL at full precision), pending invitations included;
// a row holds a seat when fewer than the owner's `quantity` rows were added before it. ("sub_users" in
// the SQL below: the table's name since the first release; the domain's word is member.)

/**
 * How many rows of the same owner were added before the `sub_users` row of the enclosing query. The
 * outer row is named in full (`"sub_users"."owner"`): drizzle leaves the columns of a one-table query
 * unqualified, and inside the subquery a bare `owner` would be the inner row's.
 */
export const rowsAddedBefore = sql<number>`(
  select count(*)::int from ${subUsers} as earlier
  where earlier.owner = "sub_users"."owner"
    and (earlier.created_at, earlier.id) < ("sub_users"."created_at", "sub_users"."id")
)`;

/** Whether the `sub_users` row of a query joined to its owner's `users` row holds a seat. */
export const rowHoldsSeat = sql<boolean>`(${rowsAddedBefore} < ${users.quantity})`;

/**
 * The same rule for a whole list of an owner's rows in the one query that reads it: a window rather
 * than a subquery per row. The select must join the owner's `users` row, and filter nothing before the
 * window runs (it ranks the rows the query returns).
 */
export const listedRowHoldsSeat = sql<boolean>`(row_number() over (partition by ${subUsers.owner} order by ${subUsers.createdAt}, ${subUsers.id}) <= ${users.quantity})`;
