import { Browser } from './browser.ts';
import { sharedUser } from './conformance-users.ts';
import * as verdict from './feature-check.ts';
import { newOrganization } from './organization-sign-in.ts';

const area = 'Enterprise connections';

const docs = {
  saml: 'https://auth0.com/docs/authenticate/identity-providers/enterprise-identity-providers/saml',
  samlSp:
    'https://auth0.com/docs/authenticate/protocols/saml/saml-configuration/saml-identity-provider-configuration-settings',
  createUser: 'https://auth0.com/docs/api/management/v2/users/post-users',
  enabledClients: 'https://auth0.com/docs/api/management/v2/connections/patch-clients',
  verifyTicket: 'https://auth0.com/docs/api/management/v2/tickets/post-email-verification',
};

const hidden = (html: string, name: string) =>
  html
    .match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1]
    ?.replace(/&#(\d+);/g, (_entity, code) => String.fromCharCode(Number(code))) ?? '';

/** A samlp connection made from the stand-in provider's metadata XML, as a customer pastes it, enabled for the web client. */
async function samlConnection(context: verdict.CheckContext) {
  const metadataXml = await (await fetch(`${context.origin}/idp/saml/metadata`)).text();
  const name = `saml-${Math.random().toString(36).slice(2, 10)}`;
  const connection = await context.management.connections.create({
    name,
    strategy: 'samlp',
    options: { metadataXml },
  });
  // Enabled for the web client as Auth0 recommends (not `enabled_clients` at creation).
  await context.management.connections.clients.update(connection.id ?? '', [
    { client_id: context.clientId, status: true },
  ]);
  return { id: connection.id ?? '', name };
}

export const enterpriseFeatures: verdict.Feature[] = [
  {
    id: 'enterprise.samlp-create-and-metadata',
    area,
    title: `connections.create samlp from metadataXml; /samlp/metadata shows entity id urn:auth0:<tenant>:<connection> and the ACS (${docs.samlSp})`,
    async check(context) {
      const connection = await samlConnection(context);
      const got = await context.management.connections.get(connection.id);
      const metadata = await (
        await fetch(`${context.origin}/samlp/metadata?connection=${connection.name}`)
      ).text();
      const options = (got.options ?? {}) as Record<string, unknown>;
      return verdict.expectAll([
        [got.strategy === 'samlp' && got.name === connection.name, 'strategy and name'],
        [
          options.signInEndpoint === `${context.origin}/idp/saml/sso`,
          `signInEndpoint ${String(options.signInEndpoint)}`,
        ],
        [metadata.includes(`entityID="urn:auth0:localhost:${connection.name}"`), 'entity id'],
        [
          metadata.includes(`Location="${context.issuer}login/callback?connection=${connection.name}"`),
          'ACS',
        ],
      ]);
    },
  },
  {
    id: 'enterprise.samlp-sign-in',
    area,
    title: `/authorize through an organization with a samlp connection: the provider's signed assertion at /login/callback signs the person in (${docs.saml})`,
    async check(context) {
      const connection = await samlConnection(context);
      const organization = await newOrganization(context, 'saml-org');
      await context.management.organizations.enabledConnections.add(organization.id, {
        connection_id: connection.id,
        assign_membership_on_login: true,
      });
      const browser = new Browser();
      const authorize = new URL('/authorize', context.origin);
      authorize.search = new URLSearchParams({
        client_id: context.clientId,
        response_type: 'token id_token',
        redirect_uri: `${context.appOrigin}/auth0-callback`,
        nonce: 'n',
        organization: organization.id,
        connection: connection.name,
      }).toString();
      const toProvider = (await browser.get(authorize)).headers.get('location') ?? '';
      const page = await (await browser.get(toProvider)).text();
      const email = context.uniqueEmail('saml');
      const form = {
        SAMLRequest: hidden(page, 'SAMLRequest'),
        RelayState: hidden(page, 'RelayState'),
        email,
      };
      const posted = await (await browser.postForm(`${context.origin}/idp/saml/sso`, form)).text();
      const acs = `${context.issuer}login/callback?connection=${connection.name}`;
      const back = await browser.postForm(acs, {
        SAMLResponse: hidden(posted, 'SAMLResponse'),
        RelayState: hidden(posted, 'RelayState'),
      });
      const fragment = new URLSearchParams(
        new URL(back.headers.get('location') ?? '', context.origin).hash.slice(1),
      );
      const claims = JSON.parse(
        Buffer.from((fragment.get('id_token') ?? '').split('.')[1] ?? '', 'base64url').toString() || '{}',
      );
      return verdict.expectAll([
        [
          claims.sub === `samlp|${connection.name}|${email}`,
          `sub ${String(claims.sub)} ${fragment.get('error_description') ?? ''}`,
        ],
        [claims.org_id === organization.id, `org_id ${String(claims.org_id)}`],
      ]);
    },
  },
  {
    id: 'enterprise.connection-clients',
    area,
    title: `connections.clients.update enables and disables a client; connections.clients.get lists them (${docs.enabledClients})`,
    async check(context) {
      const connection = await samlConnection(context);
      const { clients } = context.management.connections;
      const enabled = (await clients.get(connection.id)).data.map((each) => each.client_id);
      await clients.update(connection.id, [{ client_id: context.clientId, status: false }]);
      const after = (await clients.get(connection.id)).data;
      return verdict.expectAll([
        [
          JSON.stringify(enabled) === JSON.stringify([context.clientId]),
          `enabled ${JSON.stringify(enabled)}`,
        ],
        [after.length === 0, `after disabling ${JSON.stringify(after)}`],
      ]);
    },
  },
  {
    id: 'mgmt.users.create',
    area: 'Management API (/api/v2)',
    title: `users.create in the database connection; a second with the same email is 409 (${docs.createUser})`,
    async check(context) {
      const email = context.uniqueEmail('created');
      const body = { connection: context.connection, email, password: context.password, verify_email: false };
      const created = await context.management.users.create(body);
      const again = await verdict.failureOf(() => context.management.users.create(body));
      return verdict.expectAll([
        [created.email === email && /^auth0\|/.test(created.user_id ?? ''), `created ${created.user_id}`],
        [verdict.statusOf(again) === 409, `second: ${verdict.statusOf(again)}`],
      ]);
    },
  },
  {
    id: 'mgmt.tickets.verify-email',
    area: 'Management API (/api/v2)',
    title: `tickets.verifyEmail answers a verification link (${docs.verifyTicket})`,
    async check(context) {
      const user = await sharedUser(context, 'reader');
      const ticket = await context.management.tickets.verifyEmail({ user_id: user.userId });
      return verdict.expectAll([
        [new URL(ticket.ticket ?? '').pathname === '/u/email-verification', `ticket ${ticket.ticket}`],
      ]);
    },
  },
];
