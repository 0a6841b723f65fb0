import { escapeHtml, registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  connectionOr404,
  findConnectionByName,
  type TenantConnection,
  tenantConnections,
} from '#identity/connections/connections.ts';
import { readOidcOptions, readSamlOptions } from '#identity/connections/enterprise-options.ts';
import { samlAcsUrl, samlEntityId } from '#identity/connections/saml-service-provider.ts';
import type { IdentityContext } from '#identity/context.ts';
import { managementError } from '#identity/http/http-error.ts';
import { disableConnection, newId } from '#identity/organizations/organizations.ts';
import type { ConnectionRecord } from '#identity/storage/identity-state.ts';
import { certificateBody } from '#identity/storage/saml-keys.ts';
import { callerWithScope, parsePayload } from './management-access.ts';
import { pageOf } from './management-pages.ts';

type ConnectionParams = { Params: { id: string } };

// Auth0: a connection name is letters, digits and single dashes, starting and ending with a letter or digit.
const connectionName = z
  .string()
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,127}$/, 'letters, digits and dashes');

const connectionCreateBody = z.strictObject({
  name: connectionName,
  strategy: z.string().min(1).max(50),
  display_name: z.string().min(1).max(128).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  enabled_clients: z.array(z.string().max(100)).max(100).optional(),
  is_domain_connection: z.boolean().optional(),
  show_as_button: z.boolean().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});

const connectionUpdateBody = connectionCreateBody.omit({ name: true, strategy: true }).partial();

const readOptions = (strategy: string, options: unknown) =>
  strategy === 'samlp' ? readSamlOptions(options) : readOidcOptions(options);

function toManagementConnection(context: IdentityContext, connection: TenantConnection) {
  const record = connection.enterprise;
  return {
    id: connection.id,
    name: connection.name,
    ...(record?.displayName ? { display_name: record.displayName } : {}),
    strategy: connection.strategy,
    options: record?.options ?? {},
    enabled_clients: record?.enabledClients ?? [context.config.webClientId],
    realms: [connection.name],
    is_domain_connection: false,
  };
}

async function createConnection(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  await callerWithScope(context, request, 'create:connections');
  const body = parsePayload(connectionCreateBody, request.body);
  if (body.strategy !== 'samlp' && body.strategy !== 'oidc')
    throw managementError(
      400,
      `The emulator makes samlp and oidc connections, not ${body.strategy}`,
      'invalid_body',
    );
  if (findConnectionByName(context, body.name))
    throw managementError(409, 'A connection with the same name already exists', 'connection_conflict');
  const record: ConnectionRecord = {
    id: newId('con_'),
    name: body.name,
    strategy: body.strategy,
    ...(body.display_name ? { displayName: body.display_name } : {}),
    options: await readOptions(body.strategy, body.options),
    enabledClients: body.enabled_clients ?? [],
    createdAt: new Date().toISOString(),
  };
  context.store.state.connections.set(record.id, record);
  await context.store.save();
  request.log.info({ connectionId: record.id, strategy: record.strategy }, 'connection created');
  return reply.status(201).send(toManagementConnection(context, connectionOr404(context, record.id)));
}

async function listConnections(context: IdentityContext, request: FastifyRequest) {
  await callerWithScope(context, request, 'read:connections');
  const query = request.query as Record<string, unknown>;
  const strategy = typeof query.strategy === 'string' ? query.strategy : undefined;
  const name = typeof query.name === 'string' ? query.name : undefined;
  const all = tenantConnections(context)
    .filter((each) => (!strategy || each.strategy === strategy) && (!name || each.name === name))
    .map((each) => toManagementConnection(context, each));
  return pageOf(all, query, 'connections');
}

async function getConnection(context: IdentityContext, request: FastifyRequest<ConnectionParams>) {
  await callerWithScope(context, request, 'read:connections');
  return toManagementConnection(context, connectionOr404(context, request.params.id));
}

function enterpriseOr400(context: IdentityContext, id: string): ConnectionRecord {
  const connection = connectionOr404(context, id);
  if (!connection.enterprise)
    throw managementError(
      400,
      'The emulator’s database and social connections are configured, not changed',
      'invalid_body',
    );
  return connection.enterprise;
}

async function updateConnection(context: IdentityContext, request: FastifyRequest<ConnectionParams>) {
  await callerWithScope(context, request, 'update:connections');
  const body = parsePayload(connectionUpdateBody, request.body);
  const record = enterpriseOr400(context, request.params.id);
  // Auth0 replaces `options` whole when it is given.
  if (body.options !== undefined) record.options = await readOptions(record.strategy, body.options);
  if (body.display_name !== undefined) record.displayName = body.display_name;
  if (body.enabled_clients !== undefined) record.enabledClients = body.enabled_clients;
  await context.store.save();
  return toManagementConnection(context, connectionOr404(context, record.id));
}

async function deleteConnection(
  context: IdentityContext,
  request: FastifyRequest<ConnectionParams>,
  reply: FastifyReply,
) {
  await callerWithScope(context, request, 'delete:connections');
  const record = enterpriseOr400(context, request.params.id);
  const { state } = context.store;
  state.connections.delete(record.id);
  for (const organization of state.organizations.values()) disableConnection(organization, record.id);
  await context.store.save();
  return reply.status(202).send();
}

// Auth0's "Update enabled clients for a connection": an array of {client_id, status}.
const enabledClientsBody = z
  .array(z.strictObject({ client_id: z.string().min(1).max(100), status: z.boolean() }))
  .min(1)
  .max(50);

async function updateEnabledClients(
  context: IdentityContext,
  request: FastifyRequest<ConnectionParams>,
  reply: FastifyReply,
) {
  await callerWithScope(context, request, 'update:connections');
  const body = parsePayload(enabledClientsBody, request.body);
  const record = enterpriseOr400(context, request.params.id);
  for (const { client_id: clientId, status } of body) {
    const others = record.enabledClients.filter((each) => each !== clientId);
    record.enabledClients = status ? [...others, clientId] : others;
  }
  await context.store.save();
  return reply.status(204).send();
}

async function listEnabledClients(context: IdentityContext, request: FastifyRequest<ConnectionParams>) {
  await callerWithScope(context, request, 'read:connections');
  const connection = connectionOr404(context, request.params.id);
  const clients = (connection.enterprise?.enabledClients ?? [context.config.webClientId]).map((clientId) => ({
    client_id: clientId,
  }));
  const query = request.query as Record<string, unknown>;
  return pageOf(clients, { ...query, take: typeof query.take === 'string' ? query.take : '50' }, 'clients');
}

/**
 * The service provider's metadata Auth0 publishes for a SAML connection (`/samlp/metadata?connection=`):
 * its entity id, its assertion consumer service and the tenant's signing certificate, for the
 * customer's identity provider.
 */
async function samlMetadata(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const name = (request.query as Record<string, unknown>).connection;
  const connection = typeof name === 'string' ? findConnectionByName(context, name) : undefined;
  if (connection?.strategy !== 'samlp') return reply.status(404).type('text/plain').send('Not Found');
  const certificate = certificateBody(context.samlKeys.tenant.certificate);
  const xml =
    `<?xml version="1.0"?>\n<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escapeHtml(samlEntityId(context, connection.name))}">` +
    '<SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" AuthnRequestsSigned="false" WantAssertionsSigned="true">' +
    `<KeyDescriptor use="signing"><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>${certificate}</X509Certificate></X509Data></KeyInfo></KeyDescriptor>` +
    '<NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</NameIDFormat>' +
    `<AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${escapeHtml(samlAcsUrl(context, connection.name))}" index="0" isDefault="true"/>` +
    '</SPSSODescriptor></EntityDescriptor>\n';
  return reply.type('application/xml').send(xml);
}

/** Connections (Auth0 Management API v2 › Connections): the configured ones listed, samlp and oidc made here. */
export function registerConnectionRoutes(app: FastifyInstance, context: IdentityContext) {
  registerRoutes(app, context, {
    'POST /api/v2/connections': createConnection,
    'GET /api/v2/connections': listConnections,
    'GET /api/v2/connections/:id': getConnection,
    'PATCH /api/v2/connections/:id': updateConnection,
    'DELETE /api/v2/connections/:id': deleteConnection,
    'GET /api/v2/connections/:id/clients': listEnabledClients,
    'PATCH /api/v2/connections/:id/clients': updateEnabledClients,
    'GET /samlp/metadata': samlMetadata,
  });
}
