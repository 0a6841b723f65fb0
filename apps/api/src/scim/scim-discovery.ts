import { scimSchemas } from '@launchkit/api-contract';
import { listResponse } from './scim-documents.ts';

// RFC 7644 §4: what a provider's client reads to learn what this service supports.

export const serviceProviderConfig = (base: string, documentationUri: string) => ({
  schemas: [scimSchemas.serviceProviderConfig],
  documentationUri,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: 200 },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: 'The SCIM token the workspace owner made in Settings → Provisioning.',
      documentationUri,
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
});

const resourceType = (base: string, name: 'User' | 'Group', schema: string) => ({
  schemas: [scimSchemas.resourceType],
  id: name,
  name,
  endpoint: `/${name}s`,
  schema,
  meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/${name}` },
});

export const resourceTypes = (base: string) =>
  listResponse(
    [resourceType(base, 'User', scimSchemas.user), resourceType(base, 'Group', scimSchemas.group)],
    2,
    1,
  );

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

/** One resource's schema document, served at Schemas/<its id>. */
const schemaDocument = (
  base: string,
  id: string,
  name: string,
  description: string,
  attributes: ReturnType<typeof attribute>[],
) => ({
  schemas: [scimSchemas.schema],
  id,
  name,
  description,
  attributes,
  meta: { resourceType: 'Schema', location: `${base}/Schemas/${id}` },
});

/** The attributes kept (others a provider sends are accepted and not kept, decision 0056). */
export const schemaDocuments = (base: string) =>
  listResponse(
    [
      schemaDocument(base, scimSchemas.user, 'User', 'A member of the workspace, by email address.', [
        attribute('userName', { required: true, uniqueness: 'server', description: 'The email address.' }),
        attribute('externalId', { caseExact: true }),
        attribute('name', {
          type: 'complex',
          subAttributes: [attribute('givenName'), attribute('familyName')],
        }),
        attribute('active', { type: 'boolean' }),
        attribute('emails', { type: 'complex', multiValued: true, mutability: 'readOnly' }),
        attribute('groups', { type: 'complex', multiValued: true, mutability: 'readOnly' }),
      ]),
      schemaDocument(base, scimSchemas.group, 'Group', 'A role of the workspace: admin, member or viewer.', [
        attribute('displayName', { required: true, mutability: 'immutable', uniqueness: 'server' }),
        attribute('members', { type: 'complex', multiValued: true }),
      ]),
    ],
    2,
    1,
  );
