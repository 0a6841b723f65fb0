import { describe, expect, it } from 'vitest';
import { errorCodes } from './error-codes.ts';

// The codes from before the `area/kebab-case` spelling: clients switch on them, so they keep theirs.
const firstSpelling = new Set([
  'validation_failed',
  'not_found',
  'bad_request',
  'bad_url',
  'uri_too_long',
  'invalid_json',
  'invalid_content_length',
  'unsupported_media_type',
  'payload_too_large',
  'request_timeout',
  'headers_too_large',
  'rate_limited',
  'rate_limited_user',
  'unavailable',
  'internal_error',
  'forbidden',
  'identity_unavailable',
  'identity_error',
]);

describe('error codes', () => {
  it('are spelt area/kebab-case, but for the first ones', () => {
    const misspelt = errorCodes.filter(
      (code) => !firstSpelling.has(code) && !/^[a-z]+(-[a-z]+)*\/[a-z0-9]+(-[a-z0-9]+)*$/.test(code),
    );
    expect(misspelt).toEqual([]);
  });

  it('are each listed once', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
  });
});
