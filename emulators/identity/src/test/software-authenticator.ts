import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor';

// A passkey authenticator in software, for tests without a browser: it makes "none" attestations and
// ES256 assertions as a platform authenticator does (the authenticator data and attestation object of
// W3C WebAuthn Level 3), so the emulator's SimpleWebAuthn checks run on real bytes. It can be told to
// answer for another origin or RP ID, or to turn its counter back, as a forger or a clone would, and to
// answer with user presence only (a security key without a PIN: touched, but nobody verified).

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const u32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
};

export function softwareAuthenticator(origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const id = b64(credentialId);
  let counter = 0;
  let isUserVerified = true;
  // Authenticator data flags (W3C WebAuthn § 6.1): UP 0x01, UV 0x04, AT 0x40.
  const presenceFlags = () => (isUserVerified ? 0x05 : 0x01);

  const authenticatorData = (rpID: string, flags: number, extra: Uint8Array[] = []) =>
    Buffer.concat([createHash('sha256').update(rpID).digest(), Buffer.from([flags]), u32(counter), ...extra]);
  const clientData = (type: string, challenge: string, from: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));
  // The credential as a browser serialises it for the server (PublicKeyCredential.toJSON).
  const credential = <Response>(response: Response) => ({
    id,
    rawId: id,
    type: 'public-key',
    clientExtensionResults: {},
    response,
  });

  return {
    id,
    /** Turns the signature counter back, as a cloned authenticator would. */
    setCounter(value: number) {
      counter = value;
    },
    /** Whether its next answers say the person was verified (UV), or only that someone was present. */
    setUserVerification(verified: boolean) {
      isUserVerified = verified;
    },
    /** The answer to creation options (`authn_params_public_key` of /passkey/register). */
    register(options: { challenge: string; rp: { id?: string } }, forged: { origin?: string } = {}) {
      const rpID = options.rp.id ?? new URL(origin).hostname;
      const coseKey = encodeCBOR(
        new Map<number, CBORType>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x ?? '', 'base64url')],
          [-3, Buffer.from(jwk.y ?? '', 'base64url')],
        ]),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      // Flags: user present (and verified, unless told otherwise), attested credential data included.
      const authData = authenticatorData(rpID, presenceFlags() | 0x40, [
        Buffer.alloc(16),
        length,
        credentialId,
        coseKey,
      ]);
      const attestationObject = encodeCBOR(
        new Map<string, CBORType>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, CBORType>()],
          ['authData', authData],
        ]),
      );
      return credential({
        clientDataJSON: b64(clientData('webauthn.create', options.challenge, forged.origin ?? origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      });
    },
    /** The answer to request options (`authn_params_public_key` of /passkey/challenge). */
    assert(options: { challenge: string; rpId?: string }, forged: { origin?: string; rpId?: string } = {}) {
      counter += 1;
      const authData = authenticatorData(
        forged.rpId ?? options.rpId ?? new URL(origin).hostname,
        presenceFlags(),
      );
      const data = clientData('webauthn.get', options.challenge, forged.origin ?? origin);
      const signature = sign(
        'sha256',
        Buffer.concat([authData, createHash('sha256').update(data).digest()]),
        privateKey,
      );
      return credential({
        clientDataJSON: b64(data),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: null,
      });
    },
  };
}

export type SoftwareAuthenticator = ReturnType<typeof softwareAuthenticator>;
