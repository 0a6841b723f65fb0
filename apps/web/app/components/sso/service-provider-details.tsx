import type { SsoConnection } from '@launchkit/api-contract';

/** One value the customer's identity provider needs, to copy from. */
function Detail({ label, value, isBlock = false }: { label: string; value: string; isBlock?: boolean }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-900">{label}</dt>
      <dd className="mt-1">
        {isBlock ? (
          // Read-only and focusable: the certificate scrolls, and can be selected whole to copy.
          <textarea
            readOnly
            rows={6}
            aria-label={label}
            value={value}
            className="block w-full rounded-md bg-slate-100 p-3 font-mono text-xs text-slate-900"
          />
        ) : (
          <code className="block rounded-md bg-slate-100 px-3 py-2 text-xs break-all text-slate-900">
            {value}
          </code>
        )}
      </dd>
    </div>
  );
}

/**
 * What to enter at the customer's identity provider for this connection: for SAML the reply (ACS) URL,
 * the entity id (audience) and the certificate that signs requests; for OIDC the redirect URI.
 */
export function ServiceProviderDetails({ connection }: { connection: SsoConnection }) {
  const { saml, oidc } = connection;
  return (
    <dl className="mt-4 space-y-3" data-testid="service-provider-details">
      {saml && (
        <>
          <Detail label="Assertion consumer service (reply) URL" value={saml.acsUrl} />
          <Detail label="Entity ID (audience)" value={saml.entityId} />
          <Detail label="Service provider metadata" value={saml.metadataUrl} />
          {saml.certificate ? (
            <Detail label="Signing certificate" value={saml.certificate} isBlock />
          ) : (
            <Detail label="Signing certificate (download)" value={saml.certificateUrl} />
          )}
        </>
      )}
      {oidc && (
        <>
          <Detail label="Redirect URI" value={oidc.callbackUrl} />
          <Detail label="Issuer" value={oidc.issuer} />
          <Detail label="Client ID" value={oidc.clientId} />
        </>
      )}
    </dl>
  );
}
