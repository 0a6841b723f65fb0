import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { created, idParams, ok, removedId, workspaceErrors } from './endpoint-parts.ts';
import { apiKeyDefaultDays, apiKeyMaxDays, apiKeyNameField } from './field-rules.ts';
import { text, timestamp } from './fields.ts';
import { memberRoles } from './permissions.ts';
import { workspaceQuery } from './team.ts';

// API keys (docs/api-keys.md): a workspace's key for programs, made by its owner or an admin, acting
// with a role (never owner) on the endpoints marked `apiKeys: true`, sent as `Authorization: Bearer
// lk_…`. The secret is shown once; the server keeps its SHA-256 only.

/** How every secret starts: the API tells a key from an access token (a JWT, `eyJ…`) by it. */
export const apiKeySecretStart = 'lk_';

/**
 * A whole secret: `lk_`, 8 letters and digits that name it in lists (its prefix), `_`, then 32 random
 * bytes in base64url (43 characters).
 */
export const apiKeySecretPattern = /^lk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/;

const apiKeyName = text(apiKeyNameField);

const dayProblem = `The expiry must be a whole number of days from 1 to ${apiKeyMaxDays}.`;

export const createApiKeyRequest = z
  .strictObject({
    name: apiKeyName.describe(
      'What the key is for (`Nightly export`): its name in lists and in the activity log.',
    ),
    role: z
      .enum(memberRoles, { error: `Choose a role: ${memberRoles.join(', ')}.` })
      .describe(
        'What the key may do (docs/team.md, Roles); never owner, and never billing, members or keys.',
      ),
    expiresInDays: z
      .int({ error: dayProblem })
      .min(1, { error: dayProblem })
      .max(apiKeyMaxDays, { error: dayProblem })
      .nullable()
      .optional()
      .describe(
        `Days until the key stops working; absent, ${apiKeyDefaultDays}; null, it works until revoked.`,
      ),
  })
  .meta({ id: 'CreateApiKeyRequest' });

/** A key as lists show it: never its secret. */
export const apiKey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    role: z.enum(memberRoles),
    prefix: z.string().describe('The first characters of the secret (`lk_` and 8 more), to recognise it by.'),
    createdAt: timestamp,
    lastUsedAt: timestamp.nullable().describe('Within a minute: written at most once a minute.'),
    expiresAt: timestamp.nullable().describe('Null: until revoked.'),
  })
  .meta({ id: 'ApiKey' });

/** The answer of a new key: the only time its secret is sent. */
export const createdApiKey = z
  .object({
    key: apiKey,
    secret: z.string().describe('The whole key, shown this once: the server keeps only its SHA-256.'),
  })
  .meta({ id: 'CreatedApiKey' });

export type CreateApiKeyRequest = z.output<typeof createApiKeyRequest>;
export type ApiKey = z.output<typeof apiKey>;
export type CreatedApiKey = z.output<typeof createdApiKey>;

const apiKeyIdParams = idParams("The key's id (a uuid).");

// Managing keys is a person's: the owner's or an admin's (`api-keys.manage`); a key never reaches it.
export const apiKeyEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/api-keys',
    id: 'listApiKeys',
    tag: 'API keys',
    summary: "The workspace's keys, newest first (revoked ones are gone)",
    auth: 'bearer',
    request: { query: workspaceQuery },
    answer: ok('The keys.', z.array(apiKey)),
    errors: workspaceErrors,
  }),
  endpoint({
    method: 'POST',
    path: '/api/api-keys',
    id: 'createApiKey',
    tag: 'API keys',
    summary: 'Makes a key for the workspace; its secret is in this answer only',
    description:
      'As many keys a workspace as its plan allows (docs/limits.md). The activity log records it (`api-key.created`).',
    auth: 'bearer',
    request: { query: workspaceQuery, body: createApiKeyRequest },
    answer: created('The new key and its secret.', createdApiKey),
    errors: { ...workspaceErrors, 409: ['api-keys/limit-reached'] },
  }),
  endpoint({
    method: 'DELETE',
    path: '/api/api-keys/:id',
    id: 'revokeApiKey',
    tag: 'API keys',
    summary: 'Revokes a key: its next request is refused, on every instance',
    description:
      'Requests already under way finish; any that starts after this answer is refused with `auth/api-key-revoked`, and the key’s open live lists end. The activity log records it (`api-key.revoked`).',
    auth: 'bearer',
    request: { params: apiKeyIdParams, query: workspaceQuery },
    answer: ok("The revoked key's id.", removedId),
    errors: { ...workspaceErrors, 404: ['api-keys/not-found', 'workspaces/not-found'] },
  }),
];
