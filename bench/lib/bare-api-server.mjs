// The baselines' common part: node:http, the same RS256 verification with jose against the product's
// JWKS (JWKS_URI, ISSUER, AUDIENCE), and a pg pool of the product's size on DATABASE_URL — nothing else.
// jose is the product's major (6, WebCrypto), a root devDependency: unpinned, the root resolved the
// older major another package brings (5, node:crypto), which verifies at a different cost.
// Prints `{"port": …}` once listening; closes the pool on SIGTERM.
import http from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import pg from 'pg';
import { startChildServer } from './child-server.mjs';

/**
 * Serves `answer(pool, userId)` in the API's success envelope to a request with a valid bearer token,
 * and `{"status":"error"}` with 401 to any other (or when `answer` throws).
 */
export function serveBareApi(answer) {
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
      const data = await answer(pool, payload.sub);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'success', data }));
    } catch {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end('{"status":"error"}');
    }
  });
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
  process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
}

/** Starts `serverFile` (a baseline calling serveBareApi) on the product's identity provider and database. */
export const startBareApi = (serverFile, identity, databaseUrl) =>
  startChildServer(serverFile, {
    JWKS_URI: `${identity.domain}/.well-known/jwks.json`,
    ISSUER: identity.issuer,
    AUDIENCE: identity.audience,
    DATABASE_URL: databaseUrl,
  });
