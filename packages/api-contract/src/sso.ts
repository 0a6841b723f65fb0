import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ok, workspaceErrors } from './endpoint-parts.ts';
import { emailAddress, text, timestamp } from './fields.ts';
import { memberRoles } from './permissions.ts';
import { workspaceQuery } from './team.ts';

// Single sign-on (docs/sso.md, decision 0055): a workspace becomes an organization at the identity
// provider once its owner sets up a **connection** (SAML or OIDC, the customer's identity provider),
// tests it and turns it on; **domains** the owner proves with a DNS TXT record send people signing in
// with an address there to that connection, and may let them join the workspace by themselves.

export const ssoConnectionStatus = z
  .enum(['untested', 'tested', 'on'])
  .describe('untested: saved, not yet signed in through; tested: a test sign-in passed; on: in use.');

/** What the customer's SAML identity provider needs of this service (Auth0's service-provider side). */
export const samlServiceProvider = z
  .object({
    acsUrl: z.string().describe('Assertion consumer service (reply) URL.'),
    entityId: z.string().describe('Audience / service-provider entity id.'),
    metadataUrl: z.string().describe("The service provider's SAML metadata, for providers that import it."),
    certificateUrl: z.string().describe('Where the signing certificate of requests can be downloaded.'),
    certificate: z.string().nullable().describe('That certificate (PEM), when the provider answered it.'),
  })
  .meta({ id: 'SamlServiceProvider' });

export const ssoConnection = z
  .object({
    type: z.enum(['saml', 'oidc']),
    name: z.string().describe("The connection's name at the identity provider."),
    status: ssoConnectionStatus,
    testedAt: timestamp.nullable(),
    saml: samlServiceProvider.nullable(),
    oidc: z
      .object({
        issuer: z.string(),
        clientId: z.string(),
        callbackUrl: z.string().describe('The redirect URI to register at the OIDC provider.'),
      })
      .nullable(),
  })
  .meta({ id: 'SsoConnection' });

export const ssoDomain = z
  .object({
    domain: z.string(),
    recordName: z.string().describe('Where the TXT record goes (`_launchkit-verification.<domain>`).'),
    recordValue: z.string().describe('The TXT record value that proves the domain.'),
    verifiedAt: timestamp.nullable(),
  })
  .meta({ id: 'SsoDomain' });

export const singleSignOn = z
  .object({
    organizationId: z.string().nullable().describe("The workspace's organization at the identity provider."),
    connection: ssoConnection.nullable(),
    requireSso: z.boolean().describe('Members open the workspace only signed in through the connection.'),
    autoJoin: z.boolean().describe('People of a verified domain join by signing in through the connection.'),
    autoJoinRole: z.enum(memberRoles).describe('The role they join with.'),
    domains: z.array(ssoDomain),
    planAllows: z.boolean().describe("Whether the owner's plan includes single sign-on (Business)."),
  })
  .meta({ id: 'SingleSignOn' });

export const samlConnectionRequest = z
  .strictObject({
    metadataXml: text({
      label: 'metadata',
      max: 100_000,
      multiline: true,
      required: "Paste or upload your identity provider's SAML metadata (an XML document).",
    }),
  })
  .meta({ id: 'SamlConnectionRequest' });

const httpsUrl = text({ label: 'issuer', max: 500, required: 'Please enter the issuer URL.' }).refine(
  (value) => /^https?:\/\/[^\s/?#]+[^\s?#]*$/i.test(value),
  { error: 'The issuer must be a URL such as https://login.example.com.' },
);

export const oidcConnectionRequest = z
  .strictObject({
    issuer: httpsUrl,
    clientId: text({ label: 'client id', max: 300, required: 'Please enter the client id.' }),
    clientSecret: text({ label: 'client secret', max: 500, required: 'Please enter the client secret.' }),
  })
  .meta({ id: 'OidcConnectionRequest' });

export const ssoSettingsChange = z
  .strictObject({
    enabled: z.boolean().optional().describe('Turn the connection on (once tested) or off.'),
    requireSso: z.boolean().optional(),
    autoJoin: z.boolean().optional(),
    autoJoinRole: z.enum(memberRoles).optional(),
  })
  .meta({ id: 'SsoSettingsChange' });

export const ssoTestResult = z
  .strictObject({
    accessToken: text({ label: 'access token', max: 20_000, required: 'The test sign-in sent no token.' }),
  })
  .meta({ id: 'SsoTestResult' });

export const domainRequest = z
  .strictObject({
    domain: text({ label: 'domain', max: 253, required: 'Please enter a domain, such as example.com.' })
      .toLowerCase()
      .refine(
        (value) => /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(value),
        {
          error: 'Please enter a domain such as example.com, without http:// or a path.',
        },
      ),
  })
  .meta({ id: 'DomainRequest' });

export const domainParams = z.object({ domain: z.string().describe('The domain, lower case.') });

export const ssoDiscoveryRequest = z
  .strictObject({ email: emailAddress })
  .meta({ id: 'SsoDiscoveryRequest' });

export const ssoDiscovery = z
  .object({
    organization: z.string().nullable().describe('The organization to sign in to; null: no single sign-on.'),
    connection: z.string().nullable(),
  })
  .meta({ id: 'SsoDiscovery' });

export const ssoJoin = z
  .object({
    workspace: z.string().describe("The workspace of the token's organization (its owner's uid)."),
    role: z.string(),
    joined: z.boolean().describe('True when this call made the caller a member.'),
  })
  .meta({ id: 'SsoJoin' });

export type SingleSignOn = z.output<typeof singleSignOn>;
export type SsoConnection = z.output<typeof ssoConnection>;
export type SsoDomain = z.output<typeof ssoDomain>;
export type SamlConnectionRequest = z.output<typeof samlConnectionRequest>;
export type OidcConnectionRequest = z.output<typeof oidcConnectionRequest>;
export type SsoSettingsChange = z.output<typeof ssoSettingsChange>;
export type SsoDiscovery = z.output<typeof ssoDiscovery>;
export type SsoJoin = z.output<typeof ssoJoin>;

const ownerOnly =
  'Only the workspace owner (`sso.manage`); the plan must include single sign-on to change it.';
const ssoErrors = {
  ...workspaceErrors,
  403: [...workspaceErrors[403], 'sso/plan-required'],
} as const;
const identityErrors = { 502: ['identity_error'], 503: ['identity_unavailable'] } as const;

const settingsEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/sso',
    id: 'getSingleSignOn',
    tag: 'Single sign-on',
    summary: "The workspace's single sign-on: connection, requirement, domains",
    auth: 'bearer',
    description: 'Only the workspace owner.',
    request: { query: workspaceQuery },
    answer: ok('The settings.', singleSignOn),
    errors: workspaceErrors,
  }),
  endpoint({
    method: 'POST',
    path: '/api/sso/saml',
    id: 'saveSamlConnection',
    tag: 'Single sign-on',
    summary: "Sets up (or replaces) the workspace's SAML connection from the provider's metadata",
    auth: 'bearer',
    description: `${ownerOnly} The workspace becomes an organization at the identity provider the first time. A new connection starts untested and off.`,
    request: { query: workspaceQuery, body: samlConnectionRequest },
    answer: ok('The settings now.', singleSignOn),
    errors: { ...ssoErrors, 400: ['sso/connection-refused'], ...identityErrors },
  }),
  endpoint({
    method: 'POST',
    path: '/api/sso/oidc',
    id: 'saveOidcConnection',
    tag: 'Single sign-on',
    summary: "Sets up (or replaces) the workspace's OIDC connection, its discovery document checked",
    auth: 'bearer',
    description: `${ownerOnly} The issuer's \`/.well-known/openid-configuration\` must answer with the same issuer.`,
    request: { query: workspaceQuery, body: oidcConnectionRequest },
    answer: ok('The settings now.', singleSignOn),
    errors: { ...ssoErrors, 400: ['sso/discovery-failed', 'sso/connection-refused'], ...identityErrors },
  }),
  endpoint({
    method: 'POST',
    path: '/api/sso/test',
    id: 'recordSsoTest',
    tag: 'Single sign-on',
    summary: 'Records a passed test sign-in through the connection',
    auth: 'bearer',
    description: `${ownerOnly} The body carries the access token the test sign-in got: it must be valid and of the workspace's organization.`,
    request: { query: workspaceQuery, body: ssoTestResult },
    answer: ok('The settings now.', singleSignOn),
    errors: { ...ssoErrors, 400: ['sso/test-failed'], 409: ['sso/no-connection'] },
  }),
  endpoint({
    method: 'PATCH',
    path: '/api/sso',
    id: 'updateSingleSignOn',
    tag: 'Single sign-on',
    summary: 'Turns the connection on or off, requires it of members, sets joining by domain',
    auth: 'bearer',
    description: `${ownerOnly} Turning on needs a passed test; requiring needs it on and the owner signed in with a second factor (the owner's way in when the connection fails).`,
    request: { query: workspaceQuery, body: ssoSettingsChange },
    answer: ok('The settings now.', singleSignOn),
    errors: {
      ...ssoErrors,
      403: [...ssoErrors[403], 'sso/second-factor-needed'],
      409: ['sso/no-connection', 'sso/not-tested', 'sso/not-on'],
    },
  }),
] as const;

const domainEndpoints = [
  endpoint({
    method: 'POST',
    path: '/api/sso/domains',
    id: 'addSsoDomain',
    tag: 'Single sign-on',
    summary: 'Adds a domain to prove with a DNS TXT record',
    auth: 'bearer',
    description: ownerOnly,
    request: { query: workspaceQuery, body: domainRequest },
    answer: ok('The settings now, the domain with its record.', singleSignOn),
    errors: { ...ssoErrors, 409: ['sso/domain-exists', 'sso/domain-taken'] },
  }),
  endpoint({
    method: 'POST',
    path: '/api/sso/domains/:domain/verify',
    id: 'verifySsoDomain',
    tag: 'Single sign-on',
    summary: "Looks up the domain's TXT record and marks it verified when it holds the value",
    auth: 'bearer',
    description: `${ownerOnly} A domain another workspace verified is refused.`,
    request: { query: workspaceQuery, params: domainParams },
    answer: ok('The settings now.', singleSignOn),
    errors: {
      ...ssoErrors,
      404: [...workspaceErrors[404], 'not_found'],
      409: ['sso/domain-taken', 'sso/record-not-found'],
    },
  }),
  endpoint({
    method: 'DELETE',
    path: '/api/sso/domains/:domain',
    id: 'removeSsoDomain',
    tag: 'Single sign-on',
    summary: 'Removes a domain',
    auth: 'bearer',
    description: 'Only the workspace owner. People of the domain are no longer sent to the connection.',
    request: { query: workspaceQuery, params: domainParams },
    answer: ok('The settings now.', singleSignOn),
    errors: { ...workspaceErrors, 404: [...workspaceErrors[404], 'not_found'] },
  }),
] as const;

const signInEndpoints = [
  endpoint({
    method: 'POST',
    path: '/api/sso/discovery',
    id: 'discoverSso',
    tag: 'Single sign-on',
    summary: "Home-realm discovery: the organization an address's verified domain signs in through",
    auth: 'public',
    description:
      'Only a domain verified by a workspace whose connection is on answers an organization; any other address answers nulls.',
    request: { body: ssoDiscoveryRequest },
    answer: ok('Where to sign in.', ssoDiscovery),
    errors: { 429: ['rate_limited'] },
  }),
  endpoint({
    method: 'POST',
    path: '/api/sso/join',
    id: 'joinSsoWorkspace',
    tag: 'Single sign-on',
    summary: "After a sign-in through an organization: the caller's place in its workspace",
    auth: 'bearer',
    description:
      "The workspace is the one of the token's `org_id`, never one the request names. A person of a verified domain joins with the default role where the owner allows it.",
    answer: ok('The workspace and role.', ssoJoin),
    errors: {
      403: ['sso/not-an-organization-sign-in', 'workspaces/no-seat'],
      404: ['workspaces/not-found'],
    },
  }),
] as const;

export const ssoEndpoints = [...settingsEndpoints, ...domainEndpoints, ...signInEndpoints] as const;
