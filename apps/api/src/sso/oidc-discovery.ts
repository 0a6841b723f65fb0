import { discoveryFailed } from './sso-errors.ts';

/** What the connection needs of an issuer's OpenID Provider Configuration. */
export type OidcDiscovery = {
  url: string;
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
};

const timeoutMs = 5_000;
const maxBytes = 100_000;
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Fetches `<issuer>/.well-known/openid-configuration` (OpenID Connect Discovery 1.0, section 4) and checks it
 * before the connection is made: JSON naming the same issuer (its section 4.3) and the endpoints a sign-in uses.
 * Only https, except a loopback issuer in embedded mode (the emulator): an owner cannot aim the server
 * at the private network's plain-http services, and what they get back is only why it failed.
 */
export async function checkOidcDiscovery(
  issuer: string,
  options: { allowHttpLoopback: boolean },
): Promise<OidcDiscovery> {
  const base = withoutTrailingSlash(issuer);
  const parsed = new URL(base);
  const isLoopback = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(options.allowHttpLoopback && isLoopback)) {
    throw discoveryFailed('the issuer must be an https:// URL');
  }
  const url = `${base}/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw discoveryFailed(`${url} did not answer`);
  }
  if (!response.ok) throw discoveryFailed(`${url} answered ${response.status}`);
  const text = await response.text();
  if (text.length > maxBytes) throw discoveryFailed('the document is too large');
  let document: Partial<OidcDiscovery>;
  try {
    document = JSON.parse(text) as Partial<OidcDiscovery>;
  } catch {
    throw discoveryFailed('the answer is not JSON');
  }
  if (typeof document.issuer !== 'string' || withoutTrailingSlash(document.issuer) !== base) {
    throw discoveryFailed(`it names another issuer (${String(document.issuer)})`);
  }
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (typeof document[field] !== 'string') throw discoveryFailed(`it has no ${field}`);
  }
  return { ...(document as OidcDiscovery), url };
}
