import { AppError } from '#api/http/app-error.ts';

// The refusals of a request made with an API key (docs/api-keys.md). 401: the key itself is not (or
// no longer) good, and retrying with it will not help; 403: a good key asked for what keys never reach.

export const invalidApiKey = () =>
  new AppError(
    401,
    'auth/invalid-api-key',
    'This API key is not valid. Copy the whole key, or ask an admin of the workspace for a new one.',
  );

export const apiKeyRevoked = () =>
  new AppError(
    401,
    'auth/api-key-revoked',
    'This API key was revoked. Ask an admin of the workspace for a new one.',
  );

export const apiKeyExpired = () =>
  new AppError(
    401,
    'auth/api-key-expired',
    'This API key has expired. Ask an admin of the workspace for a new one.',
  );

export const apiKeyNotAllowed = () =>
  new AppError(
    403,
    'auth/api-key-not-allowed',
    "API keys cannot call this endpoint: it is a person's (their account, settings, sessions) or manages billing, members or keys. Sign in as a person instead.",
  );

export const apiKeyNotFound = () =>
  new AppError(
    404,
    'api-keys/not-found',
    'There is no such key in this workspace: it may have been revoked already.',
  );
