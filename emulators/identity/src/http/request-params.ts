import { oauthError } from './http-error.ts';

/** A parsed JSON or form body as a plain record; anything else (array, string, number) is rejected. */
export function bodyRecord(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw oauthError(400, 'invalid_request', 'The request body must be a JSON object or a form.');
  }
  return body as Record<string, unknown>;
}

const maxParamLength = 4096;

/** An OAuth parameter: a string if present; an array (a repeated form field) or a number is refused. */
export function optionalParam(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string')
    throw oauthError(400, 'invalid_request', `Invalid parameter: ${name} must be a string.`);
  if (value.length > maxParamLength)
    throw oauthError(400, 'invalid_request', `Invalid parameter: ${name} is too long.`);
  return value;
}

export function requiredParam(params: Record<string, unknown>, name: string): string {
  const value = optionalParam(params, name);
  if (value === undefined) throw oauthError(400, 'invalid_request', `Missing required parameter: ${name}`);
  return value;
}
