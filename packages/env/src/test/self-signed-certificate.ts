import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export type SelfSignedCertificate = {
  /** The temporary directory holding both files; the caller removes it. */
  dir: string;
  certFile: string;
  keyFile: string;
  /** The certificate's PEM text: what a client trusts (`ca`, or NODE_EXTRA_CA_CERTS=certFile). */
  cert: string;
};

/**
 * A self-signed certificate for localhost and 127.0.0.1, valid one day, with its unencrypted key, made
 * by openssl in a new temporary directory: for tests of servers that speak https.
 */
export async function createSelfSignedCertificate(): Promise<SelfSignedCertificate> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'self-signed-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ]);
  return { dir, certFile, keyFile, cert: await readFile(certFile, 'utf8') };
}
