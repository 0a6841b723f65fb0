import type { AuthenticationMethod } from '@launchkit/api-contract';
import type { ManagementAuthenticationMethod, ManagementClient } from '#api/auth/management-client.ts';
import { requireRecentLogin } from '#api/caller/recent-sign-in.ts';
import type { VerifiedIdentity } from '#api/caller/verify-access-token.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import { AppError } from '#api/http/app-error.ts';
import { askProvider } from './ask-provider.ts';

type Deps = { identity: IdentityConfig; management: ManagementClient };

/** The provider's names for what the product shows; other kinds (SMS, email, …) are not offered here. */
const productTypes: Record<string, AuthenticationMethod['type']> = {
  password: 'password',
  passkey: 'passkey',
  totp: 'authenticator-app',
  'recovery-code': 'recovery-code',
};

function toMethod(method: ManagementAuthenticationMethod): AuthenticationMethod | null {
  const type = productTypes[method.type];
  if (!type || method.confirmed === false || !method.created_at) return null;
  return {
    id: method.id,
    type,
    name: type === 'passkey' ? (method.name ?? 'Passkey') : null,
    createdAt: method.created_at,
    lastUsedAt: method.last_auth_at ?? null,
  };
}

/** The person's password, confirmed passkeys and second factors, as the identity provider knows them, oldest first. */
export async function listAuthenticationMethods(
  deps: Deps,
  uid: string,
): Promise<{ methods: AuthenticationMethod[] }> {
  const listed = await askProvider(deps.identity, () => deps.management.listAuthenticationMethods(uid));
  const methods = (Array.isArray(listed) ? listed : [])
    .map(toMethod)
    .filter((method): method is AuthenticationMethod => method !== null)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { methods };
}

/**
 * One of the caller's own passkeys, read from the provider: only passkeys are renamed or removed here
 * (an authenticator app goes with both factors, through the provider's MFA API).
 */
async function ownPasskey(deps: Deps, uid: string, id: string): Promise<AuthenticationMethod> {
  const { methods } = await listAuthenticationMethods(deps, uid);
  const passkey = methods.find((method) => method.id === id && method.type === 'passkey');
  if (!passkey) {
    throw new AppError(
      404,
      'auth/passkey-not-found',
      'There is no such passkey on your account: it may have been removed already. Reload the page.',
    );
  }
  return passkey;
}

export async function renamePasskey(deps: Deps, caller: VerifiedIdentity, id: string, name: string) {
  const passkey = await ownPasskey(deps, caller.uid, id);
  await askProvider(deps.identity, () => deps.management.renameAuthenticationMethod(caller.uid, id, name));
  return { ...passkey, name };
}

/** Removing a way to sign in is sensitive: it needs a recent sign-in, as an email change does. */
export async function removePasskey(deps: Deps, caller: VerifiedIdentity, id: string) {
  requireRecentLogin(deps.identity, caller);
  await ownPasskey(deps, caller.uid, id);
  await askProvider(deps.identity, () => deps.management.deleteAuthenticationMethod(caller.uid, id));
  return { id };
}
