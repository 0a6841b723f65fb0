import { createHash } from 'node:crypto';
import type { IdentityContext } from '#identity/context.ts';
import { managementError } from '#identity/http/http-error.ts';
import { type ConnectionRecord, socialConnections } from '#identity/storage/identity-state.ts';

/** A connection of the tenant, whichever kind: the configured database and social ones, or a stored enterprise one. */
export type TenantConnection = {
  id: string;
  name: string;
  strategy: string;
  enterprise?: ConnectionRecord;
};

/** The configured connections have no stored record: their id is derived from the name, so it never changes. */
export const configuredConnectionId = (name: string) =>
  `con_${createHash('sha256').update(name).digest('base64url').replace(/[-_]/g, '').slice(0, 16)}`;

const socialStrategy = (name: string) => (name === 'google-oauth2' ? 'google-oauth2' : name);

export function tenantConnections(context: IdentityContext): TenantConnection[] {
  const database = context.config.connection;
  return [
    { id: configuredConnectionId(database), name: database, strategy: 'auth0' },
    ...socialConnections.map((name) => ({
      id: configuredConnectionId(name),
      name,
      strategy: socialStrategy(name),
    })),
    ...[...context.store.state.connections.values()].map((record) => ({
      id: record.id,
      name: record.name,
      strategy: record.strategy,
      enterprise: record,
    })),
  ];
}

export function findConnection(context: IdentityContext, id: string): TenantConnection | undefined {
  return tenantConnections(context).find((connection) => connection.id === id);
}

export function findConnectionByName(context: IdentityContext, name: string): TenantConnection | undefined {
  return tenantConnections(context).find((connection) => connection.name === name);
}

export function connectionOr404(context: IdentityContext, id: string): TenantConnection {
  const connection = findConnection(context, id);
  if (!connection) throw managementError(404, 'The connection does not exist', 'inexistent_connection');
  return connection;
}
