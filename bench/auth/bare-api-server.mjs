// Baseline for the authenticated API: node:http, the same RS256 verification with jose against the
// same JWKS, and the same user lookup through the same driver (pg) — nothing else.
import { serveBareApi } from '../lib/bare-api-server.mjs';

serveBareApi(
  async (pool, userId) => (await pool.query('select * from users where id = $1', [userId])).rows[0],
);
