import { expect } from 'vitest';

/** Asserts an error answer to the letter: its status, and an envelope of exactly this code and message. */
export function expectErrorEnvelope(
  response: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
  message: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ status: 'error', code, message });
}
