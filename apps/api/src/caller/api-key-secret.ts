import { apiKeySecretPattern, apiKeySecretStart } from '@launchkit/api-contract';
import { hashBearerSecret, newBearerSecret } from './bearer-secret.ts';

/** A new secret (docs/api-keys.md): `lk_`, then the name and random part of bearer-secret.ts. */
export const newApiKeySecret = () => newBearerSecret(apiKeySecretStart);

/** What the database keeps of a secret: its SHA-256 (bearer-secret.ts says why that is enough). */
export const hashApiKeySecret = hashBearerSecret;

/** Whether a bearer token is meant as an API key rather than an access token (a JWT starts `eyJ`). */
export const isApiKeySecret = (token: string) => token.startsWith(apiKeySecretStart);

/** Whether it has the shape of a whole secret: anything else is refused without a query. */
export const isWellFormedApiKeySecret = (token: string) => apiKeySecretPattern.test(token);
