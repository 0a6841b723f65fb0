import { createHash, randomBytes, randomInt } from 'node:crypto';
import { scimTokenSecretPattern, scimTokenSecretStart } from '@launchkit/api-contract';

const prefixAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new SCIM token, shaped as API keys are (decision 0034): `scim_`, 8 letters and digits that name it
 * in lists, `_`, and 32 random bytes in base64url. The 256 random bits are what nobody can guess.
 */
export function newScimTokenSecret(): { secret: string; prefix: string } {
  let name = '';
  for (let index = 0; index < 8; index += 1) name += prefixAlphabet[randomInt(prefixAlphabet.length)];
  const prefix = `${scimTokenSecretStart}${name}`;
  return { secret: `${prefix}_${randomBytes(32).toString('base64url')}`, prefix };
}

/** What the database keeps of a token: its SHA-256 in hex; a fast hash is enough for 256 random bits. */
export const hashScimTokenSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const isWellFormedScimTokenSecret = (token: string) => scimTokenSecretPattern.test(token);

/** The `actorId` of a token in the activity log: `scim-token:<id>`. */
export const scimTokenActorId = (id: string) => `scim-token:${id}`;
