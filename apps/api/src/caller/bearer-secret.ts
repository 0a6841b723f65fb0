import { createHash, randomBytes, randomInt } from 'node:crypto';

const prefixAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new bearer secret, the shape API keys and SCIM tokens share (decision 0034): `start`, 8 letters and
 * digits that name it in lists, `_`, and 32 random bytes in base64url. The prefix only helps a person
 * recognise it: it is not secret and need not be unique; the 256 random bits are what nobody can guess.
 */
export function newBearerSecret(start: string): { secret: string; prefix: string } {
  let name = '';
  for (let index = 0; index < 8; index += 1) name += prefixAlphabet[randomInt(prefixAlphabet.length)];
  const prefix = `${start}${name}`;
  return { secret: `${prefix}_${randomBytes(32).toString('base64url')}`, prefix };
}

/**
 * What the database keeps of a bearer secret: its SHA-256, in hex. A fast hash is enough (unlike a
 * password): the secret is 256 random bits, so no table of guesses can find it, and each request pays
 * one hash.
 */
export const hashBearerSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
