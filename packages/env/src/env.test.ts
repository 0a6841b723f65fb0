import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigurationError, field, parseEnvironment, readTlsFiles, refuseProductionMode } from './index.ts';
import { createSelfSignedCertificate, type SelfSignedCertificate } from './test/self-signed-certificate.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'env-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('an empty variable', () => {
  it('counts as unset for every kind of field, so its default applies', () => {
    for (const empty of ['', '   ', undefined]) {
      expect(field.optionalText.parse(empty)).toBeUndefined();
      expect(field.textWithDefault('data').parse(empty)).toBe('data');
      expect(field.integer(0, 10).parse(empty)).toBeUndefined();
      expect(field.integerWithDefault(0, 10, 7).parse(empty)).toBe(7);
      expect(field.port(3001).parse(empty)).toBe(3001);
      expect(field.flag(true).parse(empty)).toBe(true);
      expect(field.logLevel.parse(empty)).toBe('info');
      expect(field.optionalHttpUrl.parse(empty)).toBeUndefined();
      expect(field.runMode.parse(empty)).toBe('embedded');
    }
  });

  it('is trimmed when it has a value', () => {
    expect(field.optionalText.parse('  value ')).toBe('value');
    expect(field.textWithDefault('data').parse(' /srv/data ')).toBe('/srv/data');
    expect(field.port(3001).parse(' 4001 ')).toBe(4001);
  });
});

describe('integer', () => {
  it('accepts whole numbers within its bounds, the bounds included', () => {
    expect(field.integer(1, 100).parse('1')).toBe(1);
    expect(field.integer(1, 100).parse('100')).toBe(100);
    expect(field.port(3000).parse('0')).toBe(0);
    expect(field.port(3000).parse('65535')).toBe(65535);
  });

  it('refuses what is below or above the bounds, or not a whole number', () => {
    const messageFor = (value: string) => field.integer(1, 100).safeParse(value).error?.issues[0]?.message;
    expect(messageFor('0')).toMatch(/>=1/);
    expect(messageFor('101')).toBe('must be at most 100');
    expect(field.port(3000).safeParse('65536').success).toBe(false);
    for (const value of ['-5', '12.5', '1e3', 'abc', '0x10'])
      expect(messageFor(value)).toBe('must be a whole number');
  });
});

describe('flag', () => {
  it('reads true/false, yes/no, on/off and 1/0', () => {
    for (const value of ['true', 'yes', 'on', '1', 'TRUE']) expect(field.flag(false).parse(value)).toBe(true);
    for (const value of ['false', 'no', 'off', '0']) expect(field.flag(true).parse(value)).toBe(false);
  });

  it('refuses anything else', () => {
    expect(field.flag(false).safeParse('maybe').error?.issues[0]?.message).toBe('must be true or false');
  });
});

describe('runMode', () => {
  it('is production only for NODE_ENV=production', () => {
    expect(field.runMode.parse('production')).toBe('production');
    expect(field.runMode.parse('development')).toBe('embedded');
    expect(field.runMode.parse('test')).toBe('embedded');
    expect(field.runMode.parse(undefined)).toBe('embedded');
  });

  it('refuses an unknown mode rather than guessing', () => {
    expect(field.runMode.safeParse('staging').success).toBe(false);
    expect(field.runMode.safeParse('Production').success).toBe(false);
  });
});

describe('optionalHttpUrl', () => {
  it('accepts absolute http(s) URLs only', () => {
    expect(field.optionalHttpUrl.parse(' https://example.com/x ')).toBe('https://example.com/x');
    expect(field.optionalHttpUrl.safeParse('ftp://example.com').success).toBe(false);
    expect(field.optionalHttpUrl.safeParse('/relative').success).toBe(false);
  });
});

describe('parseEnvironment', () => {
  const schema = z.object({
    PORT: field.port(3000),
    LOG_LEVEL: field.logLevel,
    ENABLED: field.flag(false),
    NAME: field.textWithDefault('app'),
  });

  it('answers the parsed values with their defaults', () => {
    expect(
      parseEnvironment(schema, { PORT: '8080', ENABLED: 'yes', NAME: '' }, 'Invalid configuration'),
    ).toEqual({
      PORT: 8080,
      LOG_LEVEL: 'info',
      ENABLED: true,
      NAME: 'app',
    });
  });

  it('reports every bad variable at once, one line each, under the title', () => {
    const parse = () =>
      parseEnvironment(
        schema,
        { PORT: 'abc', LOG_LEVEL: 'loud', ENABLED: 'maybe' },
        'Invalid test configuration',
      );
    expect(parse).toThrow(ConfigurationError);
    try {
      parse();
    } catch (error) {
      const { message, problems, title } = error as ConfigurationError;
      expect(title).toBe('Invalid test configuration');
      expect(problems).toHaveLength(3);
      expect(message.split('\n')).toEqual([
        'Invalid test configuration:',
        '  PORT: must be a whole number',
        expect.stringMatching(/^ {2}LOG_LEVEL: /),
        '  ENABLED: must be true or false',
      ]);
    }
  });
});

describe('refuseProductionMode', () => {
  const program = { name: 'thing emulator', instead: 'set THING_URL to the real thing' };

  it('throws in the production mode, saying what to set instead', () => {
    expect(() =>
      refuseProductionMode({ NODE_ENV: 'production' }, 'Invalid thing configuration', program),
    ).toThrow(
      new ConfigurationError('Invalid thing configuration', [
        'NODE_ENV: the thing emulator is for development only and does not run in production; set THING_URL to the real thing',
      ]),
    );
  });

  it('lets every other mode through', () => {
    for (const NODE_ENV of [undefined, '', 'development', 'test', 'staging']) {
      expect(() => refuseProductionMode({ NODE_ENV }, 'Invalid thing configuration', program)).not.toThrow();
    }
  });
});

describe('readTlsFiles', () => {
  const names = { certFile: 'TLS_CERT_FILE', keyFile: 'TLS_KEY_FILE' };
  const title = 'Invalid server configuration';
  let certificate: SelfSignedCertificate;
  let other: SelfSignedCertificate;
  beforeAll(async () => {
    [certificate, other] = await Promise.all([createSelfSignedCertificate(), createSelfSignedCertificate()]);
  });
  afterAll(async () => {
    await rm(certificate.dir, { recursive: true, force: true });
    await rm(other.dir, { recursive: true, force: true });
  });

  it('is undefined when neither variable is set (or both are empty)', () => {
    expect(readTlsFiles({}, names, { title })).toBeUndefined();
    expect(readTlsFiles({ TLS_CERT_FILE: '', TLS_KEY_FILE: ' ' }, names, { title })).toBeUndefined();
  });

  it('reads both files, relative paths from baseDir', () => {
    const credentials = readTlsFiles(
      { TLS_CERT_FILE: 'cert.pem', TLS_KEY_FILE: certificate.keyFile },
      names,
      {
        title,
        baseDir: certificate.dir,
      },
    );
    expect(credentials?.cert).toBe(certificate.cert);
    expect(credentials?.key).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });

  it('names both variables when only one is set', () => {
    expect(() => readTlsFiles({ TLS_CERT_FILE: certificate.certFile }, names, { title })).toThrow(
      'Invalid server configuration:\n  TLS_CERT_FILE, TLS_KEY_FILE: set both (a PEM certificate and its private key) or neither; TLS_KEY_FILE is unset',
    );
    expect(() =>
      readTlsFiles({ TLS_KEY_FILE: certificate.keyFile, TLS_CERT_FILE: '' }, names, { title }),
    ).toThrow(/TLS_CERT_FILE, TLS_KEY_FILE: set both .*; TLS_CERT_FILE is unset/);
  });

  it('names each file it cannot read', () => {
    const missing = path.join(dir, 'missing.pem');
    expect(() => readTlsFiles({ TLS_CERT_FILE: missing, TLS_KEY_FILE: missing }, names, { title })).toThrow(
      `${title}:\n  TLS_CERT_FILE: cannot read ${missing} (ENOENT)\n  TLS_KEY_FILE: cannot read ${missing} (ENOENT)`,
    );
  });

  it('refuses a key that is not the certificate’s, and files that are not PEM', async () => {
    expect(() =>
      readTlsFiles({ TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: other.keyFile }, names, { title }),
    ).toThrow(/TLS_CERT_FILE, TLS_KEY_FILE: not a PEM certificate and its private key/);
    const text = path.join(dir, 'not-pem.txt');
    await writeFile(text, 'hello');
    expect(() => readTlsFiles({ TLS_CERT_FILE: text, TLS_KEY_FILE: text }, names, { title })).toThrow(
      ConfigurationError,
    );
  });
});
