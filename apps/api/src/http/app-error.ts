/** An error a person can act on: a stable code for programs, a message for people, an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export type SuccessEnvelope<T> = { status: 'success'; data: T };
export type ErrorEnvelope = {
  status: 'error';
  code: string;
  message: string;
  fields?: Record<string, string>;
};

export const success = <T>(data: T): SuccessEnvelope<T> => ({ status: 'success', data });
