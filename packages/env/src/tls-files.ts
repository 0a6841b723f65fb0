import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { z } from 'zod';
import { optionalText } from './fields.ts';
import { ConfigurationError, parseEnvironment } from './parse-environment.ts';

/** A certificate (chain) and its private key, PEM text: Fastify's `https` option, `https.createServer`. */
export type TlsCredentials = { cert: string; key: string };

/**
 * Reads the certificate and private key an https server needs from two variables naming PEM files, which
 * go together: both set, or neither (undefined: serve plain http). Relative paths are taken from
 * `baseDir`. A variable set alone, a file that cannot be read, or a key that does not belong to the
 * certificate throws a ConfigurationError titled `title` naming the variables, as parseEnvironment does.
 */
export function readTlsFiles(
  environment: NodeJS.ProcessEnv,
  names: { certFile: string; keyFile: string },
  options: { title: string; baseDir?: string },
): TlsCredentials | undefined {
  const schema = z.object({ [names.certFile]: optionalText, [names.keyFile]: optionalText });
  const files = parseEnvironment(schema, environment, options.title);
  const certFile = files[names.certFile];
  const keyFile = files[names.keyFile];
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) {
    const missing = certFile ? names.keyFile : names.certFile;
    throw new ConfigurationError(options.title, [
      `${names.certFile}, ${names.keyFile}: set both (a PEM certificate and its private key) or neither; ${missing} is unset`,
    ]);
  }
  const problems: string[] = [];
  const read = (name: string, file: string) => {
    const absolute = path.resolve(options.baseDir ?? process.cwd(), file);
    try {
      return readFileSync(absolute, 'utf8');
    } catch (error) {
      problems.push(`${name}: cannot read ${absolute} (${(error as NodeJS.ErrnoException).code ?? error})`);
      return '';
    }
  };
  const credentials = { cert: read(names.certFile, certFile), key: read(names.keyFile, keyFile) };
  if (problems.length > 0) throw new ConfigurationError(options.title, problems);
  try {
    // Refuses what the server would refuse at its first connection: no PEM, or a key of another certificate.
    createSecureContext(credentials);
  } catch (error) {
    throw new ConfigurationError(options.title, [
      `${names.certFile}, ${names.keyFile}: not a PEM certificate and its private key (${(error as Error).message})`,
    ]);
  }
  return credentials;
}
