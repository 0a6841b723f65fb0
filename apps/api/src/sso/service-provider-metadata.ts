import type { FastifyBaseLogger } from 'fastify';
import type { IdentityConfig } from '#api/config/app-config.ts';

/** What the customer's SAML identity provider needs of a connection, as the provider publishes it. */
export type ServiceProviderMetadata = { entityId: string; certificate: string | null };

const attribute = (xml: string, pattern: RegExp) => pattern.exec(xml)?.[1] ?? null;

/** A base64 DER certificate as PEM, 64 characters a line. */
const toPem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${base64
    .replace(/\s+/g, '')
    .match(/.{1,64}/g)
    ?.join('\n')}\n-----END CERTIFICATE-----`;

/**
 * The service-provider metadata Auth0 publishes for a SAML connection (`/samlp/metadata?connection=`):
 * its entity id (the audience the assertions must name) and the tenant's signing certificate. Read once
 * per connection and kept; while the provider cannot be asked, null (the settings then show the
 * metadata URL and the documented entity id), and the next read asks again.
 */
export function createServiceProviderMetadata(identity: IdentityConfig, log: FastifyBaseLogger) {
  const kept = new Map<string, ServiceProviderMetadata>();
  return async (connection: string): Promise<ServiceProviderMetadata | null> => {
    const known = kept.get(connection);
    if (known) return known;
    const url = `${identity.origin}/samlp/metadata?${new URLSearchParams({ connection })}`;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      const xml = response.ok ? await response.text() : '';
      const entityId = attribute(xml, /entityID="([^"]+)"/);
      if (!entityId) {
        log.warn({ status: response.status, connection }, 'no service-provider metadata for the connection');
        return null;
      }
      const certificate = attribute(xml, /<(?:\w+:)?X509Certificate>([^<]+)</);
      const metadata = { entityId, certificate: certificate ? toPem(certificate) : null };
      kept.set(connection, metadata);
      return metadata;
    } catch (error) {
      log.warn({ err: error, connection }, 'the service-provider metadata could not be read');
      return null;
    }
  };
}
