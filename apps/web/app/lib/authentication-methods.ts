import type { AuthenticationMethod, AuthenticationMethods } from '@launchkit/api-contract';
import { apiRequest } from './api.ts';

export type { AuthenticationMethod };

/** The person's confirmed second factors, as the identity provider lists them. */
export const listAuthenticationMethods = (signal?: AbortSignal) =>
  apiRequest<AuthenticationMethods>('auth-user/authentication-methods', { signal });

/** Two-factor is on while an authenticator app is confirmed. */
export const authenticatorAppOf = (methods: AuthenticationMethod[]) =>
  methods.find((method) => method.type === 'authenticator-app');
