import type { AuthenticationMethod, AuthenticationMethods } from '@launchkit/api-contract';
import { apiRequest } from './api.ts';

export type { AuthenticationMethod };

const methodPath = (id: string) => `auth-user/authentication-methods/${encodeURIComponent(id)}`;

/** The person's password, passkeys and confirmed second factors, as the identity provider lists them. */
export const listAuthenticationMethods = (signal?: AbortSignal) =>
  apiRequest<AuthenticationMethods>('auth-user/authentication-methods', { signal });

/** Two-factor is on while an authenticator app is confirmed. */
export const authenticatorAppOf = (methods: AuthenticationMethod[]) =>
  methods.find((method) => method.type === 'authenticator-app');

/** A database account has a password unless it was made with a passkey and none was set since. */
export const hasPassword = (methods: AuthenticationMethod[]) =>
  methods.some((method) => method.type === 'password');

export const passkeysOf = (methods: AuthenticationMethod[]) =>
  methods.filter((method) => method.type === 'passkey');

export const renamePasskey = (id: string, name: string) =>
  apiRequest<AuthenticationMethod>(methodPath(id), { method: 'PATCH', body: { name } });

/** Needs a recent sign-in (the caller re-authenticates and retries: useReauthentication). */
export const removePasskey = (id: string) =>
  apiRequest<{ id: string }>(methodPath(id), { method: 'DELETE', body: {} });
