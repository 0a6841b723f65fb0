import { type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { IdentityContext } from '#identity/context.ts';
import type { ConnectionRecord } from '#identity/storage/identity-state.ts';
import type { EnterpriseProfile } from '#identity/users/sign-in-with-enterprise.ts';

// How far the emulator's clock may be from the provider's when reading NotBefore and NotOnOrAfter.
export const samlClockSkewMs = 30_000;

const tenantName = (context: IdentityContext) =>
  new URL(context.urls.issuer).hostname.split('.')[0] ?? 'tenant';

/** Auth0's service-provider entity id (the audience the assertion must name): `urn:auth0:<tenant>:<connection>`. */
export const samlEntityId = (context: IdentityContext, connection: string) =>
  `urn:auth0:${tenantName(context)}:${connection}`;

/** Auth0's assertion consumer service: `https://<domain>/login/callback?connection=<connection>`. */
export const samlAcsUrl = (context: IdentityContext, connection: string) =>
  context.urls.link('login/callback', { connection });

/**
 * @node-saml/node-saml as the service provider of one connection: it checks the signature (of the
 * assertion, against the connection's certificate, refusing more than one assertion — signature
 * wrapping), the audience and the NotBefore/NotOnOrAfter conditions.
 */
export function serviceProvider(context: IdentityContext, connection: ConnectionRecord): SAML {
  const options = connection.options as { signInEndpoint: string; signingCert: string };
  return new SAML({
    callbackUrl: samlAcsUrl(context, connection.name),
    entryPoint: options.signInEndpoint,
    issuer: samlEntityId(context, connection.name),
    audience: samlEntityId(context, connection.name),
    idpCert: options.signingCert,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: samlClockSkewMs,
    // The RelayState binds the answer to the sign-in that asked (EnterpriseTransactions).
    validateInResponseTo: ValidateInResponseTo.never,
    disableRequestedAuthnContext: true,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  });
}

export type SamlOutcome = { ok: true; profile: EnterpriseProfile } | { ok: false; reason: string };

/**
 * A SAMLResponse read as Auth0 reads it, plus what node-saml leaves to its caller: an assertion id
 * seen before (until it expires) is a replay.
 */
export async function readSamlResponse(
  context: IdentityContext,
  connection: ConnectionRecord,
  samlResponse: string,
): Promise<SamlOutcome> {
  let profile: Profile | null;
  try {
    ({ profile } = await serviceProvider(context, connection).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  if (!profile) return { ok: false, reason: 'no assertion' };
  const assertion = (profile.getAssertion?.() as { Assertion?: AssertionJs } | undefined)?.Assertion;
  const id = assertion?.$?.ID;
  if (!id) return { ok: false, reason: 'the assertion has no ID' };
  const seen = context.store.state.samlAssertions;
  const now = Date.now();
  for (const [key, until] of seen) if (until <= now) seen.delete(key);
  if (seen.has(id)) return { ok: false, reason: `the assertion ${id} was already used` };
  const notOnOrAfter = Date.parse(assertion.Conditions?.[0]?.$?.NotOnOrAfter ?? '');
  seen.set(id, (Number.isNaN(notOnOrAfter) ? now + 60 * 60 * 1000 : notOnOrAfter) + samlClockSkewMs);
  await context.store.save();
  return { ok: true, profile: toEnterpriseProfile(profile) };
}

type AssertionJs = { $?: { ID?: string }; Conditions?: { $?: { NotOnOrAfter?: string } }[] };

function toEnterpriseProfile(profile: Profile): EnterpriseProfile {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const email = text(profile.email) ?? text(attributes.email) ?? profile.nameID;
  return {
    id: profile.nameID,
    email,
    name: text(attributes.name),
    givenName: text(attributes.given_name),
    familyName: text(attributes.family_name),
    raw: { ...attributes, nameID: profile.nameID, issuer: profile.issuer },
  };
}
