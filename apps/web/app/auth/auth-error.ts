// docs/product.md §8: every failure of a sign-in operation becomes one error value with a code and a
// message a person can act on, whichever layer it came from (auth0-js, its option checks, the product
// API).

const genericMessage = 'Something went wrong';

export class AuthError extends Error {
  readonly code: string;
  /** The HTTP status the provider answered with, when there was one (401 means the token is no good). */
  readonly status?: number;

  constructor(code: string, message: string, status?: number) {
    super(message);
    this.name = 'AuthError';
    this.code = code;
    this.status = status;
  }
}

/**
 * The password was right and the account has a second factor: the sign-in goes on with a code and the
 * provider's `mfa_token`, which stands for the half that passed.
 */
export class SecondFactorRequired extends AuthError {
  readonly mfaToken: string;

  constructor(mfaToken: string) {
    super('mfa_required', 'Enter the code from your authenticator app.');
    this.name = 'SecondFactorRequired';
    this.mfaToken = mfaToken;
  }
}

/** Where the provider's `mfa_required` answer keeps its token: in the body auth0-js wraps, or a plain body. */
function mfaTokenOf(details: ProviderError): string | undefined {
  const body = (details.original as { response?: { body?: { mfa_token?: unknown } } } | undefined)?.response
    ?.body;
  return text(body?.mfa_token) ?? text((details as { mfa_token?: unknown }).mfa_token);
}

/** The shape auth0-js reports errors in (its response handler, WinChan, or a plain Error). */
type ProviderError = {
  code?: unknown;
  error?: unknown;
  message?: unknown;
  description?: unknown;
  errorDescription?: unknown;
  error_description?: unknown;
  policy?: unknown;
  original?: unknown;
  statusCode?: unknown;
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

function originalMessage(original: unknown): string | undefined {
  // WinChan reports a closed popup as the bare string 'User closed the popup window'.
  if (typeof original === 'string') return text(original);
  if (original && typeof original === 'object') return text((original as { message?: unknown }).message);
  return undefined;
}

/**
 * §8: `invalid_password` gives 'Your password must be: ' and the policy; otherwise the message, the
 * description, the original message or the code, in that order; else 'Something went wrong'.
 */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (typeof error === 'string') return new AuthError('error', text(error) ?? genericMessage);
  if (!error || typeof error !== 'object') return new AuthError('generic_error', genericMessage);

  const details = error as ProviderError;
  const code = text(details.code) ?? text(details.error) ?? 'generic_error';
  const status = typeof details.statusCode === 'number' ? details.statusCode : undefined;
  const mfaToken = code === 'mfa_required' ? mfaTokenOf(details) : undefined;
  if (mfaToken) return new SecondFactorRequired(mfaToken);
  const policy = text(details.policy);
  if (code === 'invalid_password' && policy) {
    return new AuthError(code, `Your password must be: ${policy}`, status);
  }
  const message =
    text(details.message) ??
    text(details.description) ??
    text(details.errorDescription) ??
    text(details.error_description) ??
    originalMessage(details.original) ??
    (code === 'generic_error' ? genericMessage : code);
  return new AuthError(code, message, status);
}
