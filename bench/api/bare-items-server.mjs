// Baseline for the items list: node:http, the same RS256 verification with jose against the same JWKS,
// and the same SQL as the product's GET /api/items (its prepared statement, through the same driver,
// pg, with the same pool size), answered in the same envelope — nothing else.
import { serveBareApi } from '../lib/bare-api-server.mjs';

const listQuery = {
  name: 'items_of_owner',
  text:
    'select "users"."items_version", "items"."id", "items"."name", "items"."owner", "items"."featured", ' +
    '"items"."created_at" from "users" left join "items" on "items"."owner" = "users"."id" ' +
    'where "users"."id" = $1 order by "items"."created_at" desc, "items"."id" desc',
  rowMode: 'array',
};

serveBareApi(async (pool, userId) => {
  const { rows } = await pool.query({ ...listQuery, values: [userId] });
  return rows
    .filter((row) => row[1] !== null)
    .map(([, id, name, owner, featured, createdAt]) => ({
      id,
      name,
      owner,
      featured,
      createdAt: createdAt.toISOString(),
    }));
});
