import { createHash, randomBytes } from 'node:crypto';

// Names at the identity provider. A workspace id is its owner's uid (`auth0|…`), which Auth0 allows in
// neither an organization's nor a connection's name; a hash of it is stable and says nothing of the
// person. Organization names: lower case, digits, `-` and `_`, 50 characters at most.

const workspaceHash = (workspace: string) =>
  createHash('sha256').update(workspace).digest('hex').slice(0, 24);

/** The organization of a workspace (`ws-<hash>`): one per workspace, so a second create is refused. */
export const organizationName = (workspace: string) => `ws-${workspaceHash(workspace)}`;

/**
 * A new connection of a workspace: connection names are unique in the tenant and a replaced connection is
 * deleted only after its successor is saved, so each gets a random suffix.
 */
export const connectionName = (workspace: string, type: 'saml' | 'oidc') =>
  `ws-${workspaceHash(workspace)}-${type}-${randomBytes(4).toString('hex')}`;
