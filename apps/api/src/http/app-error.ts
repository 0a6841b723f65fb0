import type { ErrorCode, SuccessEnvelope } from '@app/api-contract';

export type { ErrorCode, ErrorEnvelope, SuccessEnvelope } from '@app/api-contract';

/** An error a person can act on: a stable code for programs, a message for people, an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const success = <T>(data: T): SuccessEnvelope<T> => ({ status: 'success', data });
