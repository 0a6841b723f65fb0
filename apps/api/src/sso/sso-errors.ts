import { AppError } from '#api/http/app-error.ts';

// The refusals of single sign-on (docs/sso.md), each said once.

export const planRequired = () =>
  new AppError(
    403,
    'sso/plan-required',
    'Single sign-on is part of the Business plan. Change the plan in Settings → Plan, then set it up here.',
  );

export const noConnection = () =>
  new AppError(409, 'sso/no-connection', 'Set up a SAML or OIDC connection first.');

export const notTested = () =>
  new AppError(
    409,
    'sso/not-tested',
    'Test the connection first: sign in through it once with "Test connection", then turn it on.',
  );

export const notOn = () =>
  new AppError(409, 'sso/not-on', 'Turn the connection on before you require it of members.');

export const secondFactorNeeded = () =>
  new AppError(
    403,
    'sso/second-factor-needed',
    'Sign in with two-factor authentication before you require single sign-on: it is your own way in if the identity provider fails. Turn it on in Settings → Security, then sign in again with your code.',
  );

export const connectionRefused = (reason: string) =>
  new AppError(
    400,
    'sso/connection-refused',
    `The identity provider refused the connection: ${reason}. Check the settings and try again.`,
  );

export const discoveryFailed = (reason: string) =>
  new AppError(
    400,
    'sso/discovery-failed',
    `The issuer's discovery document could not be used: ${reason}. Check the issuer URL.`,
  );

export const testFailed = (reason: string) =>
  new AppError(400, 'sso/test-failed', `The test sign-in did not pass: ${reason}. Try the test again.`);

export const domainExists = () =>
  new AppError(409, 'sso/domain-exists', 'This domain is already in the list.');

export const domainTaken = () =>
  new AppError(
    409,
    'sso/domain-taken',
    'Another workspace has verified this domain. If it is yours, remove it there first.',
  );

export const recordNotFound = (recordName: string) =>
  new AppError(
    409,
    'sso/record-not-found',
    `The TXT record was not found at ${recordName}. DNS changes can take a while to show: try again later.`,
  );

export const domainNotFound = () =>
  new AppError(404, 'not_found', 'This domain is not in the list: add it first.');

export const notAnOrganizationSignIn = () =>
  new AppError(
    403,
    'sso/not-an-organization-sign-in',
    'This sign-in did not go through a workspace’s single sign-on. Sign in with your work email.',
  );
