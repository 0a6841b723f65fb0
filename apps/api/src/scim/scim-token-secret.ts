import { scimTokenSecretPattern, scimTokenSecretStart } from '@launchkit/api-contract';
import { hashBearerSecret, newBearerSecret } from '#api/caller/bearer-secret.ts';

/** A new SCIM token, shaped as API keys are (bearer-secret.ts): `scim_`, a name, `_`, 256 random bits. */
export const newScimTokenSecret = () => newBearerSecret(scimTokenSecretStart);

/** What the database keeps of a token: its SHA-256 in hex; a fast hash is enough for 256 random bits. */
export const hashScimTokenSecret = hashBearerSecret;

export const isWellFormedScimTokenSecret = (token: string) => scimTokenSecretPattern.test(token);

/** The `actorId` of a token in the activity log: `scim-token:<id>`. */
export const scimTokenActorId = (id: string) => `scim-token:${id}`;
