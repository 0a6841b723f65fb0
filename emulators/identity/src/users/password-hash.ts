import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

// OWASP's scrypt parameters (N=2^17, r=8, p=1: IDENTITY_PASSWORD_HASH_COST 17, the default) need 128
// MiB per hash, above Node's 32 MiB default ceiling. A hash takes a noticeable part of a second (README.md,
// "Passwords"), so it always runs on the thread pool, never blocking the server. Test suites, which sign up thousands of people, lower the
// cost: each hash carries its own parameters, so every stored hash verifies whatever the setting.
const costOf = (log2N: number) => ({ N: 2 ** log2N, r: 8, p: 1 });
const maxmem = 256 * 1024 * 1024;
const keyLength = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // NFKC: the same password typed on another keyboard or system (composed é vs e + accent) matches.
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (salt and hash in base64): the parameters travel with the hash. */
export async function hashPassword(password: string, log2N: number): Promise<string> {
  const salt = randomBytes(16);
  const cost = costOf(log2N);
  const hash = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string, log2N: number): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  // A passkey-only account has no hash: it takes as long to refuse as a wrong password.
  if (scheme !== 'scrypt' || !salt || !hash) return spendPasswordHashTime(password, log2N);
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Spends the time of one verification for a sign-in with an unknown email, so that answering "wrong
 * email or password" does not reveal by its speed whether the account exists.
 */
export async function spendPasswordHashTime(password: string, log2N: number): Promise<false> {
  await derive(password, randomBytes(16), costOf(log2N));
  return false;
}
