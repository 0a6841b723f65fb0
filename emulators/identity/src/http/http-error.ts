import { STATUS_CODES } from 'node:http';

/**
 * An error answered with a body in the shape of the Auth0 API family it belongs to. Auth0 has three:
 * the Authentication API's `{error, error_description}` (/oauth), the database connection endpoints'
 * `{name, code, description, statusCode}` (/dbconnections) and the Management API's
 * `{statusCode, error, message, errorCode}` (/api/v2). The factories below build each.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: unknown, headers: Record<string, string> = {}) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
    this.statusCode = statusCode;
    this.body = body;
    this.headers = headers;
    this.name = 'HttpError';
  }
}

export const oauthError = (statusCode: number, error: string, description: string) =>
  new HttpError(statusCode, { error, error_description: description });

export const dbConnectionError = (
  statusCode: number,
  fields: { name?: string; code: string; description: unknown; [extra: string]: unknown },
) => new HttpError(statusCode, { name: 'BadRequestError', ...fields, statusCode });

export const managementError = (statusCode: number, message: string, errorCode?: string) =>
  new HttpError(statusCode, {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(errorCode ? { errorCode } : {}),
  });

export const insufficientScope = (expected: string[]) =>
  managementError(403, `Insufficient scope, expected any of: ${expected.join(',')}`, 'insufficient_scope');
