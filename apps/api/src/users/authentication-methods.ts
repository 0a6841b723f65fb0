import type { AuthenticationMethod } from '@launchkit/api-contract';
import type { ManagementAuthenticationMethod, ManagementClient } from '#api/auth/management-client.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import { askProvider } from './ask-provider.ts';

/** The provider's names for what the product shows; other kinds (SMS, email, …) are not offered here. */
const productTypes: Record<string, AuthenticationMethod['type']> = {
  totp: 'authenticator-app',
  'recovery-code': 'recovery-code',
};

function toMethod(method: ManagementAuthenticationMethod): AuthenticationMethod | null {
  const type = productTypes[method.type];
  if (!type || method.confirmed === false || !method.created_at) return null;
  return { type, createdAt: method.created_at, lastUsedAt: method.last_auth_at ?? null };
}

/** The person's confirmed second factors, as the identity provider knows them, oldest first. */
export async function listAuthenticationMethods(
  deps: { identity: IdentityConfig; management: ManagementClient },
  uid: string,
): Promise<{ methods: AuthenticationMethod[] }> {
  const listed = await askProvider(deps.identity, () => deps.management.listAuthenticationMethods(uid));
  const methods = (Array.isArray(listed) ? listed : [])
    .map(toMethod)
    .filter((method): method is AuthenticationMethod => method !== null)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { methods };
}
