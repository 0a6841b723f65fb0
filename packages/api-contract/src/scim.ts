import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { created, idParams, ok, removedId, workspaceErrors } from './endpoint-parts.ts';
import { timestamp } from './fields.ts';
import { workspaceQuery } from './team.ts';

// SCIM 2.0 provisioning (RFC 7643/7644, docs/scim.md, decision 0056): an identity provider adds,
// changes and removes a workspace's members at /scim/v2 with a SCIM token the owner makes in Settings →
// Provisioning. The token endpoints are the product's (its envelope, in `endpoints`); the protocol's
// own endpoints (`scimEndpoints`) answer `application/scim+json` in SCIM's shapes, not the product's
// envelope: a provider's client reads those and no other.

/** How every SCIM token starts: `scim_`, so it is never taken for an API key (`lk_`) or a JWT. */
export const scimTokenSecretStart = 'scim_';

/** A whole token: `scim_`, 8 letters and digits (its prefix in lists), `_`, 32 random bytes in base64url. */
export const scimTokenSecretPattern = /^scim_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/;

/** The SCIM tokens a workspace may hold at once: two, so one can replace the other without a gap. */
export const scimTokensPerWorkspace = 2;

export const scimToken = z
  .object({
    id: z.uuid(),
    prefix: z
      .string()
      .describe('The first characters of the token (`scim_` and 8 more), to recognise it by.'),
    createdAt: timestamp,
    lastUsedAt: timestamp.nullable().describe('Within a minute: written at most once a minute.'),
  })
  .meta({ id: 'ScimToken' });

export const createdScimToken = z
  .object({
    token: scimToken,
    secret: z.string().describe('The whole token, shown this once: the server keeps only its SHA-256.'),
  })
  .meta({ id: 'CreatedScimToken' });

export const createScimTokenRequest = z.strictObject({}).meta({ id: 'CreateScimTokenRequest' });

export type ScimToken = z.output<typeof scimToken>;
export type CreatedScimToken = z.output<typeof createdScimToken>;

const ownerOnly = { ...workspaceErrors } as const;

// Managing the tokens is the owner's alone (`scim.manage`): a token adds and removes people, admins too.
export const scimTokenEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/scim-tokens',
    id: 'listScimTokens',
    tag: 'Provisioning',
    summary: "The workspace's SCIM tokens that are not revoked, newest first",
    auth: 'bearer',
    request: { query: workspaceQuery },
    answer: ok('The tokens.', z.array(scimToken)),
    errors: ownerOnly,
  }),
  endpoint({
    method: 'POST',
    path: '/api/scim-tokens',
    id: 'createScimToken',
    tag: 'Provisioning',
    summary: 'Makes a SCIM token for the workspace; its secret is in this answer only',
    description: `The business plan's (decision 0056); ${scimTokensPerWorkspace} at once. The activity log records it (\`scim-token.created\`).`,
    auth: 'bearer',
    request: { query: workspaceQuery, body: createScimTokenRequest },
    answer: created('The new token and its secret.', createdScimToken),
    errors: {
      ...ownerOnly,
      403: [...ownerOnly[403], 'scim-tokens/plan-required'],
      409: ['scim-tokens/limit-reached'],
    },
  }),
  endpoint({
    method: 'DELETE',
    path: '/api/scim-tokens/:id',
    id: 'revokeScimToken',
    tag: 'Provisioning',
    summary: 'Revokes a SCIM token: its next request is refused',
    description: 'The activity log records it (`scim-token.revoked`).',
    auth: 'bearer',
    request: { params: idParams("The token's id (a uuid)."), query: workspaceQuery },
    answer: ok("The revoked token's id.", removedId),
    errors: { ...ownerOnly, 404: ['scim-tokens/not-found', 'workspaces/not-found'] },
  }),
];

// The protocol (RFC 7644). Attribute names are SCIM's; unknown attributes are ignored, as
// RFC 7643 §3.1 lets a service provider do, since providers send more than a member has.

export const scimSchemas = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/**
 * A boolean as providers send it: JSON `true`/`false`, or Entra ID's strings `"True"`/`"False"` (any
 * case), which it sends in PATCH values.
 */
export const scimBoolean = z.union([
  z.boolean(),
  z
    .string()
    .regex(/^(true|false)$/i, { error: 'A boolean is true or false.' })
    .transform((value) => value.toLowerCase() === 'true'),
]);

const shortText = (what: string) =>
  z.string({ error: `${what} must be text.` }).max(200, `${what} is too long.`);

export const scimName = z
  .looseObject({
    givenName: shortText('name.givenName').optional(),
    familyName: shortText('name.familyName').optional(),
    formatted: shortText('name.formatted').optional(),
  })
  .meta({ id: 'ScimName' });

/** A User as a provider sends it (POST and PUT): `userName` is the person's email address. */
export const scimUserRequest = z
  .looseObject({
    schemas: z.array(z.string()).optional(),
    userName: z
      .string({ error: 'userName is required: the person’s email address.' })
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: 'userName must be the person’s email address.' }).max(254)),
    externalId: shortText('externalId').optional(),
    name: scimName.optional(),
    displayName: shortText('displayName').optional(),
    active: scimBoolean.optional(),
  })
  .meta({ id: 'ScimUserRequest' });

export const scimMemberRef = z.looseObject({
  value: z.string({ error: 'A member is named by its value: the User’s id.' }),
  display: z.string().optional(),
});

/** A Group as a provider sends it: one of the workspace's roles, by name (docs/scim.md). */
export const scimGroupRequest = z
  .looseObject({
    schemas: z.array(z.string()).optional(),
    displayName: z.string({ error: 'displayName is required: admin, member or viewer.' }),
    externalId: shortText('externalId').optional(),
    members: z.array(scimMemberRef).max(1000).optional(),
  })
  .meta({ id: 'ScimGroupRequest' });

/** One operation of a PATCH (RFC 7644 §3.5.2); `op` in any case, as Entra ID sends `Replace`. */
export const scimPatchOperation = z.looseObject({
  op: z
    .string({ error: 'Each operation has an op: add, replace or remove.' })
    .transform((op) => op.toLowerCase())
    .pipe(z.enum(['add', 'replace', 'remove'], { error: 'An op is add, replace or remove.' })),
  path: z.string().max(500).optional(),
  value: z.unknown().optional(),
});

export const scimPatchRequest = z
  .looseObject({
    schemas: z.array(z.string()).refine((schemas) => schemas.includes(scimSchemas.patchOp), {
      error: `A PATCH names the schema ${scimSchemas.patchOp}.`,
    }),
    Operations: z.array(scimPatchOperation).min(1, 'A PATCH has at least one operation.').max(100),
  })
  .meta({ id: 'ScimPatchRequest' });

const scimIndex = (what: string) =>
  z
    .string()
    .regex(/^[0-9]{1,9}$/, { error: `${what} is a whole number.` })
    .transform(Number)
    .optional();

/** A list's query (RFC 7644 §3.4.2): a filter, and 1-based paging. Attribute selection is ignored. */
export const scimListQuery = z.looseObject({
  filter: z.string().max(500).optional(),
  startIndex: scimIndex('startIndex'),
  count: scimIndex('count'),
});

export const scimIdParams = z.object({ id: z.string().max(200) });

export type ScimUserRequest = z.output<typeof scimUserRequest>;
export type ScimGroupRequest = z.output<typeof scimGroupRequest>;
export type ScimPatchRequest = z.output<typeof scimPatchRequest>;
export type ScimPatchOperation = z.output<typeof scimPatchOperation>;
export type ScimListQuery = z.output<typeof scimListQuery>;

/** One endpoint of the SCIM protocol: SCIM's methods (PUT included) and its own bodies and answers. */
export type ScimEndpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  id: string;
  summary: string;
  request?: { params?: z.ZodObject; query?: z.ZodObject; body?: z.ZodType };
  status: 200 | 201 | 204;
};

const scimEndpoint = <const E extends ScimEndpoint>(definition: E): E => definition;
const byId = { params: scimIdParams };

/** The protocol's route table: every /scim/v2 route the server registers, and none it does not. */
export const scimEndpoints = [
  scimEndpoint({
    method: 'GET',
    path: '/scim/v2/ServiceProviderConfig',
    id: 'scimServiceProviderConfig',
    summary: 'What this service provider supports (RFC 7644 §4)',
    status: 200,
  }),
  scimEndpoint({
    method: 'GET',
    path: '/scim/v2/ResourceTypes',
    id: 'scimResourceTypes',
    summary: 'User and Group',
    status: 200,
  }),
  scimEndpoint({
    method: 'GET',
    path: '/scim/v2/Schemas',
    id: 'scimSchemas',
    summary: 'The attributes of User and Group kept here',
    status: 200,
  }),
  scimEndpoint({
    method: 'GET',
    path: '/scim/v2/Users',
    id: 'scimListUsers',
    summary: 'The provisioned people, filtered and paged',
    request: { query: scimListQuery },
    status: 200,
  }),
  scimEndpoint({
    method: 'POST',
    path: '/scim/v2/Users',
    id: 'scimCreateUser',
    summary: 'Adds a person to the workspace',
    request: { body: scimUserRequest },
    status: 201,
  }),
  scimEndpoint({
    method: 'GET',
    path: '/scim/v2/Users/:id',
    id: 'scimGetUser',
    summary: 'One provisioned person',
    request: byId,
    status: 200,
  }),
  scimEndpoint({
    method: 'PUT',
    path: '/scim/v2/Users/:id',
    id: 'scimReplaceUser',
    summary: 'Replaces a person’s attributes; `active: false` deactivates',
    request: { ...byId, body: scimUserRequest },
    status: 200,
  }),
  scimEndpoint({
    method: 'PATCH',
    path: '/scim/v2/Users/:id',
    id: 'scimPatchUser',
    summary: 'Changes some attributes; `active: false` deactivates',
    request: { ...byId, body: scimPatchRequest },
    status: 200,
  }),
  scimEndpoint({
    method: 'DELETE',
    path: '/scim/v2/Users/:id',
    id: 'scimDeleteUser',
    summary: 'Removes the person from the workspace',
    request: byId,
    status: 204,
  }),
  scimEndpoint({
    method: 'GET',
    path: '/scim/v2/Groups',
    id: 'scimListGroups',
    summary: "The workspace's roles as groups",
    request: { query: scimListQuery },
    status: 200,
  }),
  scimEndpoint({
    method: 'POST',
    path: '/scim/v2/Groups',
    id: 'scimCreateGroup',
    summary: 'Adopts the role group of that name, with its members',
    request: { body: scimGroupRequest },
    status: 201,
  }),
  scimEndpoint({
    method: 'GET',
    path: '/scim/v2/Groups/:id',
    id: 'scimGetGroup',
    summary: 'One role group and its members',
    request: byId,
    status: 200,
  }),
  scimEndpoint({
    method: 'PUT',
    path: '/scim/v2/Groups/:id',
    id: 'scimReplaceGroup',
    summary: 'Sets who has the role',
    request: { ...byId, body: scimGroupRequest },
    status: 200,
  }),
  scimEndpoint({
    method: 'PATCH',
    path: '/scim/v2/Groups/:id',
    id: 'scimPatchGroup',
    summary: 'Adds or removes members of the role',
    request: { ...byId, body: scimPatchRequest },
    status: 200,
  }),
  scimEndpoint({
    method: 'DELETE',
    path: '/scim/v2/Groups/:id',
    id: 'scimDeleteGroup',
    summary: 'Refused: the roles always exist',
    request: byId,
    status: 204,
  }),
];

export type ScimEndpointEntry = (typeof scimEndpoints)[number];
