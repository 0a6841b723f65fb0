// Baseline for the authenticated API: node:http, the same RS256 verification with jose against the
// same JWKS, and the same user lookup through the same driver (pg) — nothing else.
import http from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import pg from 'pg';

const { JWKS_URI, ISSUER, AUDIENCE, DATABASE_URL } = process.env;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const keys = createRemoteJWKSet(new URL(JWKS_URI));

const server = http.createServer(async (request, response) => {
  try {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ['RS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      clockTolerance: 60,
    });
    const { rows } = await pool.query('select * from users where id = $1', [payload.sub]);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: 'success', data: rows[0] }));
  } catch {
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end('{"status":"error"}');
  }
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
