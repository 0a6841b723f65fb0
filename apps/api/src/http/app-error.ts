import type { ErrorCode, SuccessEnvelope } from '@launchkit/api-contract';

export type { ErrorCode, ErrorEnvelope, SuccessEnvelope } from '@launchkit/api-contract';

/** An error a person can act on: a stable code for programs, a message for people, an HTTP status. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  /** Headers the answer carries besides the envelope (a limit's `Retry-After` and `RateLimit-*`). */
  readonly headers?: Record<string, string>;

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
    headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
    this.headers = headers;
    this.name = 'AppError';
  }
}

export const success = <T>(data: T): SuccessEnvelope<T> => ({ status: 'success', data });

/** The success envelope around data that is JSON text already, as the bytes of the answer. */
export const successBytes = (dataJson: string): Buffer =>
  Buffer.from(`{"status":"success","data":${dataJson}}`);
