import { expect } from 'vitest';

/** An error answer's whole body: this code and message, nothing else. */
export const errorBody = (code: string, message: string) => ({ status: 'error', code, message });

/** Asserts an error answer to the letter: its status, and an envelope of exactly this code and message. */
export function expectErrorEnvelope(
  response: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
  message: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual(errorBody(code, message));
}

/**
 * Asserts a refusal past a workspace's budget (docs/limits.md): 429, this code, a message that starts
 * with `reason` and says how long to wait, and the `Retry-After` and `RateLimit-*` headers of a spent
 * budget of `limit`.
 */
export function expectBudgetSpent(
  response: { statusCode: number; json: () => unknown; headers: Record<string, unknown> },
  code: string,
  reason: string,
  limit: number,
) {
  expect(response.statusCode).toBe(429);
  const escaped = reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(response.json()).toEqual({
    status: 'error',
    code,
    message: expect.stringMatching(new RegExp(`^${escaped} Please wait \\d+ seconds and try again\\.$`)),
  });
  expect(response.headers['ratelimit-limit']).toBe(String(limit));
  expect(response.headers['ratelimit-remaining']).toBe('0');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}
