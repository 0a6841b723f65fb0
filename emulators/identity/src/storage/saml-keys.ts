import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generate } from 'selfsigned';

export type KeyAndCertificate = { privateKey: string; certificate: string };

/**
 * Two keys with self-signed certificates, made on first start and kept in the data directory (the
 * certificates are pasted into the other side's configuration, so they must survive restarts):
 * `tenant`, the certificate Auth0 shows on a SAML connection (it signs authentication requests), and
 * `outsideIdp`, the key of the identity provider the emulator plays (it signs assertions and ID tokens).
 */
export type SamlKeys = { tenant: KeyAndCertificate; outsideIdp: KeyAndCertificate };

export async function loadOrCreateSamlKeys(dir: string, tenantName: string): Promise<SamlKeys> {
  const file = path.join(dir, 'saml-keys.json');
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text !== undefined) return JSON.parse(text) as SamlKeys;
  const keys: SamlKeys = {
    tenant: await newKey(`${tenantName}.emulator`),
    outsideIdp: await newKey('outside-idp.emulator'),
  };
  await writeFile(`${file}.tmp`, JSON.stringify(keys), { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  return keys;
}

async function newKey(commonName: string): Promise<KeyAndCertificate> {
  const now = new Date();
  const tenYears = new Date(now.getTime() + 10 * 365 * 24 * 60 * 60 * 1000);
  const made = await generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate: tenYears,
  });
  return { privateKey: made.private, certificate: made.cert };
}

/** A certificate as Auth0's `signingCert` may hold it (PEM, or its base64), as PEM. */
export function toPem(certificate: string): string | undefined {
  let text = certificate.trim();
  if (!text.includes('-----BEGIN')) {
    const decoded = Buffer.from(text, 'base64').toString('utf8');
    if (decoded.includes('-----BEGIN CERTIFICATE-----')) text = decoded.trim();
  }
  const body = text.includes('-----BEGIN')
    ? /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/.exec(text)?.[1]
    : text;
  const base64 = body?.replace(/\s+/g, '');
  if (!base64 || !/^[A-Za-z0-9+/]+=*$/.test(base64)) return undefined;
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** The base64 body of a PEM certificate, as metadata's <X509Certificate> holds it. */
export const certificateBody = (pem: string) =>
  pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
