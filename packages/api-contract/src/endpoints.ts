import { accountDeletionEndpoints } from './account-deletion.ts';
import { activityExportEndpoints } from './activity-export.ts';
import { apiKeyEndpoints } from './api-keys.ts';
import { billingEndpoints } from './billing.ts';
import { dataExportEndpoints } from './data-exports.ts';
import { developmentEndpoints, documentationEndpoints } from './development.ts';
import type { Endpoint } from './endpoint.ts';
import { itemEndpoints } from './items.ts';
import { mailPreferenceEndpoints } from './mail-preferences.ts';
import { generateOpenApiDocument } from './openapi.ts';
import { operatorEndpoints } from './operators.ts';
import { ownershipTransferEndpoints } from './ownership-transfers.ts';
import { publicFormEndpoints } from './public-forms.ts';
import { scimTokenEndpoints } from './scim.ts';
import { sessionEndpoints } from './sessions.ts';
import { ssoEndpoints } from './sso.ts';
import { subscriptionEndpoints } from './subscriptions.ts';
import { teamEndpoints } from './team.ts';
import { usageEndpoints } from './usage.ts';
import { userEndpoints } from './users.ts';
import { webhookEndpointEndpoints, webhookPayloads } from './webhooks.ts';

/**
 * The route table: every /api endpoint the server registers, and none it does not (checked by
 * apps/api/src/http/api-document-routes.test.ts). A new endpoint starts here.
 */
export const endpoints: readonly Endpoint[] = [
  ...publicFormEndpoints,
  ...userEndpoints,
  ...sessionEndpoints,
  ...mailPreferenceEndpoints,
  ...accountDeletionEndpoints,
  ...dataExportEndpoints,
  ...itemEndpoints,
  ...teamEndpoints,
  ...activityExportEndpoints,
  ...ownershipTransferEndpoints,
  ...apiKeyEndpoints,
  ...scimTokenEndpoints,
  ...billingEndpoints,
  ...usageEndpoints,
  ...subscriptionEndpoints,
  ...webhookEndpointEndpoints,
  ...operatorEndpoints,
  ...ssoEndpoints,
  ...documentationEndpoints,
  ...developmentEndpoints,
];

/** One entry of the route table with its own types (its literal id, its schemas): what the server's route helper reads. */
export type ContractEndpoint =
  | (typeof publicFormEndpoints)[number]
  | (typeof userEndpoints)[number]
  | (typeof sessionEndpoints)[number]
  | (typeof mailPreferenceEndpoints)[number]
  | (typeof accountDeletionEndpoints)[number]
  | (typeof dataExportEndpoints)[number]
  | (typeof itemEndpoints)[number]
  | (typeof teamEndpoints)[number]
  | (typeof activityExportEndpoints)[number]
  | (typeof ownershipTransferEndpoints)[number]
  | (typeof apiKeyEndpoints)[number]
  | (typeof scimTokenEndpoints)[number]
  | (typeof billingEndpoints)[number]
  | (typeof usageEndpoints)[number]
  | (typeof subscriptionEndpoints)[number]
  | (typeof webhookEndpointEndpoints)[number]
  | (typeof operatorEndpoints)[number]
  | (typeof ssoEndpoints)[number]
  | (typeof documentationEndpoints)[number]
  | (typeof developmentEndpoints)[number];

/** The document of this route table; production leaves out the development-only endpoints. */
export const apiDocument = (options: { developmentRoutes: boolean }) =>
  generateOpenApiDocument(endpoints, { ...options, webhooks: webhookPayloads });
