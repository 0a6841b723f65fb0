import { sharedUser } from './conformance-users.ts';
import * as verdict from './feature-check.ts';
import { newOrganization, organizationSignIn } from './organization-sign-in.ts';

const area = 'Organizations';

// One user signs in through every organization here ('organizations'): each new user costs a password
// hash, and it stays under the per-user sign-in limit. Each check makes its own organizations.

// The pages each check follows.
const docs = {
  create: 'https://auth0.com/docs/api/management/v2/organizations/post-organizations',
  members: 'https://auth0.com/docs/manage-users/organizations/configure-organizations/assign-members',
  connections: 'https://auth0.com/docs/manage-users/organizations/configure-organizations/enable-connections',
  invitations: 'https://auth0.com/docs/manage-users/organizations/configure-organizations/invite-members',
  tokens: 'https://auth0.com/docs/manage-users/organizations/using-tokens',
  names:
    'https://auth0.com/docs/manage-users/organizations/configure-organizations/use-org-name-authentication-api',
};

export const organizationFeatures: verdict.Feature[] = [
  {
    id: 'org.create-get-update-delete',
    area,
    title: `organizations.create, get, getByName, update, list and delete (${docs.create})`,
    async check(context) {
      const { organizations } = context.management;
      const created = await newOrganization(context, 'crud');
      const byId = await organizations.get(created.id);
      const byName = await organizations.getByName(created.name);
      const updated = await organizations.update(created.id, {
        display_name: 'Renamed',
        metadata: { tier: 'gold' },
      });
      const listed: string[] = [];
      for await (const each of await organizations.list({ take: 2 })) listed.push(each.id ?? '');
      await organizations.delete(created.id);
      const gone = await verdict.failureOf(() => organizations.get(created.id));
      return verdict.expectAll([
        [/^org_[A-Za-z0-9]{16}$/.test(created.id), `id ${created.id}`],
        [byId.name === created.name && byName.id === created.id, 'get and getByName'],
        [updated.display_name === 'Renamed' && updated.metadata?.tier === 'gold', 'update'],
        [listed.includes(created.id), 'list pages with from/take and finds it'],
        [verdict.statusOf(gone) === 404, `get after delete: ${verdict.statusOf(gone)}`],
      ]);
    },
  },
  {
    id: 'org.members',
    area,
    title: `organizations.members.create, list and delete (${docs.members})`,
    async check(context) {
      const organization = await newOrganization(context, 'members');
      const user = await sharedUser(context, 'organizations');
      const { members } = context.management.organizations;
      await members.create(organization.id, { members: [user.userId] });
      const listed: (string | undefined)[] = [];
      for await (const each of await members.list(organization.id)) listed.push(each.user_id);
      await members.delete(organization.id, { members: [user.userId] });
      const after = (await members.list(organization.id)).data;
      return verdict.expectAll([
        [listed.length === 1 && listed[0] === user.userId, `members ${JSON.stringify(listed)}`],
        [after.length === 0, 'removed'],
      ]);
    },
  },
  {
    id: 'org.enabled-connections',
    area,
    title: `organizations.enabledConnections.add/list/update/delete with assign_membership_on_login (${docs.connections})`,
    async check(context) {
      const organization = await newOrganization(context, 'connections');
      const { enabledConnections } = context.management.organizations;
      const listed = (await enabledConnections.list(organization.id)).data;
      const updated = await enabledConnections.update(organization.id, organization.connectionId, {
        assign_membership_on_login: true,
      });
      const duplicate = await verdict.failureOf(() =>
        enabledConnections.add(organization.id, { connection_id: organization.connectionId }),
      );
      await enabledConnections.delete(organization.id, organization.connectionId);
      return verdict.expectAll([
        [
          listed[0]?.connection?.name === context.connection && listed[0]?.connection?.strategy === 'auth0',
          JSON.stringify(listed),
        ],
        [updated.assign_membership_on_login === true, 'update'],
        [verdict.statusOf(duplicate) === 409, `adding it twice: ${verdict.statusOf(duplicate)}`],
        [(await enabledConnections.list(organization.id)).data.length === 0, 'delete'],
      ]);
    },
  },
  {
    id: 'org.invitations',
    area,
    title: `organizations.invitations.create/list/get/delete; the link carries invitation and organization (${docs.invitations})`,
    async check(context) {
      const organization = await newOrganization(context, 'invitations');
      const { invitations } = context.management.organizations;
      const created = await invitations.create(organization.id, {
        inviter: { name: 'Conformance' },
        invitee: { email: context.uniqueEmail('invitee') },
        client_id: context.clientId,
        send_invitation_email: false,
      });
      const link = new URL(created.invitation_url ?? '');
      const got = await invitations.get(organization.id, created.id ?? '');
      const listed = (await invitations.list(organization.id)).data;
      await invitations.delete(organization.id, created.id ?? '');
      return verdict.expectAll([
        [/^uinv_/.test(created.id ?? ''), `id ${created.id}`],
        [link.searchParams.get('invitation') === created.ticket_id, 'invitation = ticket_id'],
        [link.searchParams.get('organization') === organization.id, 'organization param'],
        [got.invitee?.email === created.invitee?.email && listed.length === 1, 'get and list'],
        [(await invitations.list(organization.id)).data.length === 0, 'delete'],
      ]);
    },
  },
  ...signInFeatures(),
];

function signInFeatures(): verdict.Feature[] {
  return [
    {
      id: 'org.authorize-org-id',
      area,
      title: `/authorize with organization, code + PKCE: a member's ID token carries org_id, no org_name by default (${docs.tokens})`,
      async check(context) {
        const organization = await newOrganization(context, 'tokens');
        const user = await sharedUser(context, 'organizations');
        await context.management.organizations.members.create(organization.id, { members: [user.userId] });
        const result = await organizationSignIn(
          context,
          { email: user.email, password: context.password },
          { organization: organization.id },
        );
        return verdict.expectAll([
          [
            result.claims?.org_id === organization.id,
            `org_id ${String(result.claims?.org_id)} ${result.error ?? ''}`,
          ],
          [result.claims?.org_name === undefined, 'no org_name'],
        ]);
      },
    },
    {
      id: 'org.non-member-refused',
      area,
      title: `a non-member is refused (access_denied) unless the connection assigns membership on login (${docs.tokens})`,
      async check(context) {
        const closed = await newOrganization(context, 'closed');
        const open = await newOrganization(context, 'open', true);
        const user = await sharedUser(context, 'organizations');
        const credentials = { email: user.email, password: context.password };
        const refused = await organizationSignIn(context, credentials, { organization: closed.id });
        const admitted = await organizationSignIn(context, credentials, { organization: open.id });
        return verdict.expectAll([
          [refused.error?.startsWith('access_denied') === true, `closed: ${refused.error ?? 'signed in'}`],
          [admitted.claims?.org_id === open.id, `open: ${admitted.error ?? ''}`],
        ]);
      },
    },
    {
      id: 'org.name-in-authentication-api',
      area,
      title: `organization=<name> refused until the tenant allows names; then tokens carry org_name (${docs.names})`,
      async check(context) {
        const organization = await newOrganization(context, 'names', true);
        const user = await sharedUser(context, 'organizations');
        const credentials = { email: user.email, password: context.password };
        const before = await organizationSignIn(context, credentials, { organization: organization.name });
        await context.management.tenants.settings.update({
          allow_organization_name_in_authentication_api: true,
        });
        const after = await organizationSignIn(context, credentials, { organization: organization.name });
        await context.management.tenants.settings.update({
          allow_organization_name_in_authentication_api: false,
        });
        return verdict.expectAll([
          [before.error?.startsWith('invalid_request') === true, `before: ${before.error ?? 'accepted'}`],
          [
            after.claims?.org_id === organization.id && after.claims?.org_name === organization.name,
            `after: ${after.error ?? JSON.stringify(after.claims)}`,
          ],
        ]);
      },
    },
  ];
}
