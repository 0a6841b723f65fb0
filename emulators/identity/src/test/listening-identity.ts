import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { closeOrDestroy, startedForSuite, testDataDirectory } from '@launchkit/emulator-kit/test';
import { loadIdentityConfig } from '#identity/config.ts';
import { startIdentityEmulator } from '#identity/start-identity-emulator.ts';
import type { SamlKeys } from '#identity/storage/saml-keys.ts';
import { testTenant } from './test-identity.ts';

/**
 * The emulator listening on a free port (real HTTP): what enterprise connections need, since the
 * emulator fetches its own stand-in provider's discovery document and keys over the network.
 */
export async function startListeningIdentity() {
  const dataDir = await testDataDirectory('identity-listening-');
  const config = loadIdentityConfig({
    DATA_DIR: dataDir,
    IDENTITY_PORT: '0',
    IDENTITY_WEB_ORIGINS: testTenant.appOrigin,
    PASSWORD_POLICY: 'good',
    LOG_LEVEL: 'silent',
    IDENTITY_PASSWORD_HASH_COST: '10',
    IDENTITY_RATE_LIMITS: 'off',
  });
  const emulator = await startIdentityEmulator(config, { logger: false });
  const { url, issuer } = emulator;
  const adminToken = (
    await post(`${url}/oauth/token`, {
      grant_type: 'client_credentials',
      client_id: 'launchkit-api',
      client_secret: 'dev-management-secret',
      audience: `${issuer}api/v2/`,
    })
  ).body.access_token as string;
  return {
    url,
    issuer,
    /** A Management API call with the management client's token. */
    management: (method: string, route: string, body?: unknown) =>
      request(`${url}/api/v2/${route}`, { method, json: body, token: adminToken }),
    /** The keys in the data directory: the outside provider's signs the stand-in's assertions. */
    samlKeys: async () =>
      JSON.parse(await readFile(path.join(config.dataDir, 'saml-keys.json'), 'utf8')) as SamlKeys,
    ...closeOrDestroy(() => emulator.close(), dataDir),
  };
}

export const useListeningIdentity = () => startedForSuite(startListeningIdentity);

type Answer = { status: number; location: string; body: Record<string, unknown>; text: string };

/** One HTTP request, redirects not followed: JSON (`json`) or a form (`form`) body. */
export async function request(
  url: string,
  options: { method?: string; json?: unknown; form?: Record<string, string>; token?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(url, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // An HTML page or an empty answer.
  }
  return { status: response.status, location: response.headers.get('location') ?? '', body: parsed, text };
}

export const post = (url: string, json: unknown) => request(url, { method: 'POST', json });

/** A hidden input's value in a page. */
export const hiddenField = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&') ?? '';

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The web client's /authorize URL for the code flow with PKCE. */
export function codeFlowUrl(origin: string, challenge: string, extra: Record<string, string>) {
  return `${origin}/authorize?${new URLSearchParams({
    client_id: testTenant.webClientId,
    response_type: 'code',
    redirect_uri: `${testTenant.appOrigin}/auth0-callback`,
    scope: 'openid profile email',
    state: 'app-state',
    nonce: 'app-nonce',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  })}`;
}

/**
 * Exchanges a code from codeFlowUrl's sign-in for the web client's tokens; the answer, with the ID
 * token's claims read (not verified: the suites check what the emulator put in them).
 */
export async function exchangeCode(origin: string, code: string, verifier: string) {
  const tokens = await request(`${origin}/oauth/token`, {
    json: {
      grant_type: 'authorization_code',
      client_id: testTenant.webClientId,
      code,
      code_verifier: verifier,
      redirect_uri: `${testTenant.appOrigin}/auth0-callback`,
    },
  });
  const payload = String(tokens.body.id_token).split('.')[1] ?? '';
  return { tokens, claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) };
}
