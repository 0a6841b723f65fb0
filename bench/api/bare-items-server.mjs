// Baseline for the items list: node:http, the same RS256 verification with jose against the same JWKS,
// and the same SQL as the product's GET /api/items (its prepared statement, through the same driver,
// pg, with the same pool size), answered in the same envelope — nothing else.
import http from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import pg from 'pg';

const { JWKS_URI, ISSUER, AUDIENCE, DATABASE_URL } = process.env;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const keys = createRemoteJWKSet(new URL(JWKS_URI));
const listQuery = {
  name: 'items_of_user',
  text:
    'select "users"."id", "items"."id", "items"."name", "items"."owner", "items"."featured", "items"."created_at" ' +
    'from "users" left join "items" on "items"."owner" = "users"."id" ' +
    'where "users"."id" = $1 order by "items"."created_at" desc, "items"."id" desc',
  rowMode: 'array',
};

const server = http.createServer(async (request, response) => {
  try {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ['RS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      clockTolerance: 60,
    });
    const { rows } = await pool.query({ ...listQuery, values: [payload.sub] });
    const items = rows
      .filter((row) => row[1] !== null)
      .map(([, id, name, owner, featured, createdAt]) => ({
        id,
        name,
        owner,
        featured,
        createdAt: createdAt.toISOString(),
      }));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: 'success', data: items }));
  } catch {
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end('{"status":"error"}');
  }
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
