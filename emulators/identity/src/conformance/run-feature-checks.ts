import { randomBytes } from 'node:crypto';
import { ManagementClient } from 'auth0';
import { AuthenticationClient, UserInfoClient } from 'auth0/legacy';
import * as oidc from 'openid-client';
import {
  type CheckContext,
  describeError,
  type FeatureResult,
  resultsPrefix,
  statusOf,
} from './feature-check.ts';
import { features } from './features.ts';

/**
 * The SDK half of the conformance suite, run in its own process by identity-conformance.test.ts so that
 * NODE_EXTRA_CA_CERTS makes every SDK trust the emulator's self-signed certificate through its own,
 * unmodified transport. Prints one line: `RESULTS <json of FeatureResult[]>`.
 */
const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

async function main() {
  const origin = required('CONFORMANCE_ORIGIN');
  const issuer = `${origin}/`;
  const domain = new URL(origin).host;
  const clientId = 'launchkit-web';
  const managementClient = { id: 'launchkit-api', secret: 'dev-management-secret' };
  const run = randomBytes(4).toString('hex');
  let sequence = 0;

  const context: CheckContext = {
    origin,
    issuer,
    domain,
    clientId,
    connection: 'Username-Password-Authentication',
    managementClient,
    apiAudience: required('CONFORMANCE_API_AUDIENCE'),
    managementAudience: `${issuer}api/v2/`,
    appOrigin: required('CONFORMANCE_APP_ORIGIN'),
    password: 'Correct-horse-9',
    webClient: await oidc.discovery(new URL(issuer), clientId, undefined, oidc.None()),
    machineClient: await oidc.discovery(new URL(issuer), managementClient.id, managementClient.secret),
    authentication: new AuthenticationClient({ domain, clientId }),
    userInfo: new UserInfoClient({ domain }),
    management: new ManagementClient({
      domain,
      clientId: managementClient.id,
      clientSecret: managementClient.secret,
      // A 429 or 5xx is an answer to report, not one to wait out.
      maxRetries: 0,
    }),
    uniqueEmail: (label) => {
      sequence += 1;
      return `${label}-${run}-${sequence}@example.com`;
    },
  };

  const results: FeatureResult[] = [];
  for (const feature of features) {
    const { id, area, title } = feature;
    try {
      results.push({ id, area, title, ...(await feature.check(context)) });
    } catch (error) {
      // A check that throws met an answer it did not expect; a 404 means the emulator lacks the endpoint.
      const verdict = statusOf(error) === 404 ? 'missing' : 'differs';
      results.push({ id, area, title, verdict, detail: describeError(error) });
    }
  }
  process.stdout.write(`${resultsPrefix}${JSON.stringify(results)}\n`);
}

await main();
