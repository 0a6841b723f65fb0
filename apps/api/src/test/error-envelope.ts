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
