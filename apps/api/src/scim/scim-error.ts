import { scimSchemas } from '@launchkit/api-contract';
import type { FastifyError } from 'fastify';
import { AppError } from '#api/http/app-error.ts';

/** RFC 7644 §3.12's `scimType` values this service answers with. */
export type ScimType =
  | 'uniqueness'
  | 'invalidFilter'
  | 'invalidValue'
  | 'invalidPath'
  | 'invalidSyntax'
  | 'mutability'
  | 'noTarget';

/**
 * A refusal in SCIM's error shape (RFC 7644 §3.12) rather than the product's envelope: the identity
 * provider's client is the only reader, and it reads `status`, `scimType` and `detail` (decision 0056).
 */
export class ScimError extends Error {
  readonly statusCode: number;
  readonly scimType?: ScimType;
  readonly headers?: Record<string, string>;

  constructor(statusCode: number, detail: string, scimType?: ScimType, headers?: Record<string, string>) {
    super(detail);
    this.statusCode = statusCode;
    this.scimType = scimType;
    this.headers = headers;
    this.name = 'ScimError';
  }
}

export type ScimErrorBody = {
  schemas: [typeof scimSchemas.error];
  status: string;
  scimType?: ScimType;
  detail: string;
};

export const scimNotFound = (resource: 'User' | 'Group', id: string) =>
  new ScimError(404, `There is no ${resource} ${JSON.stringify(id)} in this workspace.`);

// Fastify's own refusals of a request (its body parser), in SCIM's terms.
const fastifyRefusals: Record<string, [number, string, ScimType | undefined]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON.', 'invalidSyntax'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty: send a JSON object.', 'invalidSyntax'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'Send the body as JSON: Content-Type: application/scim+json (or application/json).',
    undefined,
  ],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large (32 KB at most).', undefined],
};

/**
 * Any error of a /scim/v2 request as a SCIM error: ours as they are; the product's AppError (a
 * validation, a limit) with its status and message; Fastify's parser errors; anything else a 500
 * that says nothing of the cause (it is logged by the caller).
 */
export function toScimError(error: unknown): ScimError {
  if (error instanceof ScimError) return error;
  if (error instanceof AppError) {
    const scimType = error.code === 'validation_failed' ? 'invalidValue' : undefined;
    return new ScimError(error.statusCode, error.message, scimType, error.headers);
  }
  const known = fastifyRefusals[(error as FastifyError).code ?? ''];
  if (known) return new ScimError(known[0], known[1], known[2]);
  const status = (error as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return new ScimError(status, 'The request is not valid.', undefined);
  }
  return new ScimError(500, 'Something went wrong on our side. Please try again.');
}

export const scimErrorBody = (error: ScimError): ScimErrorBody => ({
  schemas: [scimSchemas.error],
  status: String(error.statusCode),
  ...(error.scimType && { scimType: error.scimType }),
  detail: error.message,
});
