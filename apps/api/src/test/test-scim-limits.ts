import { expect } from 'vitest';
import type { scimKit } from './test-scim.ts';

/** Spends a token's budget of `limit` requests, then expects the next one refused with SCIM's 429. */
export async function expectScimTokenRateLimit(
  kit: Pick<ReturnType<typeof scimKit>, 'scim' | 'expectScimError'>,
  token: string,
  limit: number,
) {
  for (let request = 0; request < limit; request += 1) {
    const response = await kit.scim(token, 'GET', '/Users');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['ratelimit-limit']).toBe(String(limit));
  }
  const refused = await kit.scim(token, 'GET', '/Users');
  const detail = kit.expectScimError(refused, 429);
  expect(detail).toMatch(
    new RegExp(
      `^This SCIM token made ${limit} requests in the last minute, the most allowed\\. Please wait \\d+ seconds and try again\\.$`,
    ),
  );
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
}
