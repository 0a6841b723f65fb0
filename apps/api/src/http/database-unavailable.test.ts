import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { toErrorEnvelope } from './error-handling.ts';

const failure = (properties: Record<string, unknown>) =>
  Object.assign(new Error('Failed query: insert into "items" …'), properties) as unknown as FastifyError;

describe('a database that went away for a moment', () => {
  it('answers 503 unavailable, which a client may retry, for connection failures wrapped at any depth', () => {
    for (const cause of [
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '57P03', message: 'the database system is starting up' },
      { code: '08006', message: 'connection failure' },
      { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
      { message: 'Connection terminated unexpectedly' },
    ]) {
      const { statusCode, body } = toErrorEnvelope(failure({ cause: Object.assign(new Error(), cause) }));
      expect(statusCode, JSON.stringify(cause)).toBe(503);
      expect(body).toMatchObject({ status: 'error', code: 'unavailable' });
    }
  });

  it('keeps every other fault internal_error 500 (a unique violation, a bug)', () => {
    for (const error of [failure({ cause: { code: '23505' } }), failure({})]) {
      expect(toErrorEnvelope(error)).toMatchObject({ statusCode: 500, body: { code: 'internal_error' } });
    }
  });
});
