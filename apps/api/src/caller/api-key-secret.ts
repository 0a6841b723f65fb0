import { createHash, randomBytes, randomInt } from 'node:crypto';
import { apiKeySecretPattern, apiKeySecretStart } from '@launchkit/api-contract';

const prefixAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new secret (docs/api-keys.md): `lk_`, 8 letters and digits that name the key in lists, `_`, and
 * 32 random bytes in base64url. The prefix only helps a person recognise a key: it is not secret and
 * need not be unique; the 256 random bits are what nobody can guess.
 */
export function newApiKeySecret(): { secret: string; prefix: string } {
  let name = '';
  for (let index = 0; index < 8; index += 1) name += prefixAlphabet[randomInt(prefixAlphabet.length)];
  const prefix = `${apiKeySecretStart}${name}`;
  return { secret: `${prefix}_${randomBytes(32).toString('base64url')}`, prefix };
}

/**
 * What the database keeps of a secret: its SHA-256, in hex. A fast hash is enough (unlike a password):
 * the secret is 256 random bits, so no table of guesses can find it, and each request pays one hash.
 */
export const hashApiKeySecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether a bearer token is meant as an API key rather than an access token (a JWT starts `eyJ`). */
export const isApiKeySecret = (token: string) => token.startsWith(apiKeySecretStart);

/** Whether it has the shape of a whole secret: anything else is refused without a query. */
export const isWellFormedApiKeySecret = (token: string) => apiKeySecretPattern.test(token);
