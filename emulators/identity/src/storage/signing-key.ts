import { hkdfSync } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose';

export type SigningKey = {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public half as published at /.well-known/jwks.json. */
  publicJwk: JWK;
  /**
   * The symmetric key (A256GCM) of the opaque access tokens issued without an audience, derived from
   * the private key: only this emulator can read them, and they survive restarts as JWTs do.
   */
  opaqueTokenKey: Uint8Array;
};

type StoredKey = { kid: string; privateJwk: JWK; createdAt: string };

/**
 * The RS256 key that signs every token. Made on first start and kept in the data directory, so tokens
 * and cached JWKS stay valid across restarts. The kid is the key's JWK thumbprint (RFC 7638).
 */
export async function loadOrCreateSigningKey(dir: string): Promise<SigningKey> {
  const file = path.join(dir, 'signing-key.json');
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text !== undefined) return fromStored(file, text);

  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const stored: StoredKey = {
    kid: await calculateJwkThumbprint(privateJwk),
    privateJwk,
    createdAt: new Date().toISOString(),
  };
  const temporary = `${file}.tmp`;
  await writeFile(temporary, JSON.stringify(stored, null, 2), { mode: 0o600 });
  await rename(temporary, file);
  return fromStored(file, JSON.stringify(stored));
}

async function fromStored(file: string, text: string): Promise<SigningKey> {
  let stored: StoredKey;
  try {
    stored = JSON.parse(text) as StoredKey;
    const { kty, n, e } = stored.privateJwk;
    if (kty !== 'RSA' || !n || !e || !stored.privateJwk.d) throw new Error('not an RSA private key');
  } catch (error) {
    throw new Error(
      `The signing key ${file} cannot be read (${(error as Error).message}). Move it away to make a new ` +
        'one; tokens signed with the old key then stop being valid.',
    );
  }
  const { kty, n, e } = stored.privateJwk;
  const publicJwk: JWK = { kty, n, e, kid: stored.kid, use: 'sig', alg: 'RS256' };
  const secret = Buffer.from(stored.privateJwk.d as string, 'base64url');
  return {
    kid: stored.kid,
    privateKey: (await importJWK(stored.privateJwk, 'RS256')) as CryptoKey,
    publicKey: (await importJWK(publicJwk, 'RS256')) as CryptoKey,
    publicJwk,
    opaqueTokenKey: new Uint8Array(hkdfSync('sha256', secret, stored.kid, 'opaque access tokens', 32)),
  };
}
