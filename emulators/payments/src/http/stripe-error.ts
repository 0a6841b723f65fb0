/**
 * An error answered as Stripe does: `{error: {type, code?, message, param?, decline_code?}}` with the
 * matching status. The SDK turns 400/404 into StripeInvalidRequestError (or StripeIdempotencyError),
 * 401 into StripeAuthenticationError and 402 into StripeCardError.
 */
export type StripeErrorType =
  | 'invalid_request_error'
  | 'card_error'
  | 'api_error'
  | 'idempotency_error'
  | 'authentication_error';

export type StripeErrorBody = {
  type: StripeErrorType;
  code?: string;
  message: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
  /** The SetupIntent a failed confirmation left behind, as Stripe puts it in the error. */
  setup_intent?: object;
};

export class StripeApiError extends Error {
  readonly statusCode: number;
  readonly body: StripeErrorBody;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: StripeErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.statusCode = statusCode;
    this.body = body;
    this.headers = headers;
    this.name = 'StripeApiError';
  }

  toJSON() {
    return { error: this.body };
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;

export const invalidRequest = (
  message: string,
  options: { code?: string; param?: string; status?: number } = {},
) =>
  new StripeApiError(options.status ?? 400, {
    type: 'invalid_request_error',
    ...(options.code && { code: options.code, doc_url: docUrl(options.code) }),
    message,
    ...(options.param && { param: options.param }),
  });

export const parameterMissing = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const parameterUnknown = (param: string) =>
  invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param });

export const parameterInvalid = (param: string, message: string, code = 'parameter_invalid_string') =>
  invalidRequest(message, { code, param });

/**
 * A missing object: 404 with `param: 'id'` when it is the one in the URL (as Stripe answers), 400
 * naming the parameter when a parameter names it.
 */
export const resourceMissing = (kind: string, id: string, param?: string) =>
  invalidRequest(`No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param: param ?? 'id',
    status: param ? 400 : 404,
  });

export const unrecognizedUrl = (method: string, path: string) =>
  invalidRequest(
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    { status: 404 },
  );

export const cardError = (code: string, message: string, declineCode?: string, param?: string) =>
  new StripeApiError(402, {
    type: 'card_error',
    code,
    message,
    ...(declineCode && { decline_code: declineCode }),
    ...(param && { param }),
    doc_url: docUrl(code),
  });
