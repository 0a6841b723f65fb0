import { DOMParser } from '@xmldom/xmldom';
import { z } from 'zod';
import { managementError } from '#identity/http/http-error.ts';
import { toPem } from '#identity/storage/saml-keys.ts';

const invalid = (message: string) => managementError(400, message, 'invalid_body');

/**
 * A `samlp` connection's options as Auth0 takes them: the provider's metadata XML (`metadataXml`), or
 * its sign-in URL and certificate (`signInEndpoint`, `signingCert`: PEM or its base64). Kept with the
 * endpoint and the certificate (PEM) read from whichever was given.
 */
const samlOptions = z.looseObject({
  metadataXml: z.string().min(1).max(200_000).optional(),
  signInEndpoint: z.url().max(2048).optional(),
  signingCert: z.string().min(1).max(20_000).optional(),
  domain_aliases: z.array(z.string().max(255)).max(50).optional(),
});

export function readSamlOptions(input: unknown): Record<string, unknown> {
  const parsed = samlOptions.safeParse(input ?? {});
  if (!parsed.success)
    throw invalid(`Payload validation error: options: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const options = { ...parsed.data };
  if (options.metadataXml) Object.assign(options, fromMetadata(options.metadataXml));
  if (!options.signInEndpoint)
    throw invalid('A samlp connection needs options.signInEndpoint or options.metadataXml');
  const pem = options.signingCert ? toPem(options.signingCert) : undefined;
  if (!pem)
    throw invalid(
      'A samlp connection needs options.signingCert (the provider’s X.509 certificate) or options.metadataXml',
    );
  return { ...options, signingCert: pem };
}

/** The sign-in URL (HTTP-Redirect binding) and signing certificate of an IdP's metadata. */
function fromMetadata(xml: string): { signInEndpoint: string; signingCert: string } {
  let document: ReturnType<DOMParser['parseFromString']>;
  try {
    document = new DOMParser().parseFromString(xml, 'text/xml');
  } catch {
    throw invalid('options.metadataXml is not XML');
  }
  const metadata = 'urn:oasis:names:tc:SAML:2.0:metadata';
  const services = [...document.getElementsByTagNameNS(metadata, 'SingleSignOnService')];
  const service =
    services.find((each) => each.getAttribute('Binding')?.endsWith('HTTP-Redirect')) ?? services[0];
  const keys = [...document.getElementsByTagNameNS(metadata, 'KeyDescriptor')].filter(
    (each) => each.getAttribute('use') !== 'encryption',
  );
  const certificate = keys[0]?.getElementsByTagNameNS(
    'http://www.w3.org/2000/09/xmldsig#',
    'X509Certificate',
  )[0];
  const signInEndpoint = service?.getAttribute('Location');
  const signingCert = certificate?.textContent?.trim();
  if (!signInEndpoint || !URL.canParse(signInEndpoint) || !signingCert)
    throw invalid('options.metadataXml has no SingleSignOnService location or no signing certificate');
  return { signInEndpoint, signingCert };
}

const oidcOptions = z.looseObject({
  type: z.enum(['back_channel', 'front_channel']).optional(),
  client_id: z.string().min(1).max(500),
  client_secret: z.string().min(1).max(500).optional(),
  discovery_url: z.url().max(2048).optional(),
  issuer: z.url().max(2048).optional(),
  scope: z.string().max(1000).optional(),
  domain_aliases: z.array(z.string().max(255)).max(50).optional(),
});

const discoveryDocument = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});

/**
 * An `oidc` connection's options: Auth0 fetches the provider's discovery document when the connection
 * is saved, and refuses one whose `issuer` is not the one expected (the discovery URL's base, or
 * `options.issuer`). The emulator signs in with the back channel (authorization code and client secret).
 */
export async function readOidcOptions(input: unknown): Promise<Record<string, unknown>> {
  const parsed = oidcOptions.safeParse(input ?? {});
  if (!parsed.success)
    throw invalid(`Payload validation error: options: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const options = parsed.data;
  if ((options.type ?? 'back_channel') !== 'back_channel')
    throw invalid(
      'The emulator signs in to OIDC providers with type back_channel (code flow and client secret)',
    );
  if (!options.client_secret) throw invalid('A back_channel oidc connection needs options.client_secret');
  const discoveryUrl =
    options.discovery_url ??
    (options.issuer ? `${options.issuer.replace(/\/$/, '')}/.well-known/openid-configuration` : undefined);
  if (!discoveryUrl) throw invalid('An oidc connection needs options.discovery_url or options.issuer');
  const discovery = await fetchDiscovery(discoveryUrl);
  const expectedIssuer = options.issuer ?? discoveryUrl.replace(/\/\.well-known\/openid-configuration$/, '');
  if (discovery.issuer.replace(/\/$/, '') !== expectedIssuer.replace(/\/$/, ''))
    throw invalid(`The discovery document's issuer ${discovery.issuer} is not ${expectedIssuer}`);
  return {
    ...options,
    type: 'back_channel',
    discovery_url: discoveryUrl,
    issuer: discovery.issuer,
    authorization_endpoint: discovery.authorization_endpoint,
    token_endpoint: discovery.token_endpoint,
    jwks_uri: discovery.jwks_uri,
    scope: options.scope ?? 'openid profile email',
  };
}

async function fetchDiscovery(url: string) {
  let body: unknown;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: 'error' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw invalid(`Could not read the discovery document ${url}: ${(error as Error).message}`);
  }
  const document = discoveryDocument.safeParse(body);
  if (!document.success) throw invalid(`${url} is not an OpenID Connect discovery document`);
  return document.data;
}
