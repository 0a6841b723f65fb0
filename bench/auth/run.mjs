// `npm run bench:auth`: sign-in latency through the identity provider's /oauth/token, and the product
// API's authenticated throughput (token verification + user lookup), each beside a bare baseline
// measured in the same run. Prints figures; asserts nothing.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startProduct } from '../../scripts/lib/product-server.mjs';
import { startBareApi } from '../lib/bare-api-server.mjs';
import { startChildServer } from '../lib/child-server.mjs';
import { newSignedInUser, password, passwordSignInBody, requestJson } from '../lib/identity.mjs';
import { createBenchDatabase } from '../lib/postgres.mjs';
import { percentile, round } from '../lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const signIns = Number(process.env.BENCH_SIGNINS ?? 40);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = 50;

/** Sequential requests, so each latency is one sign-in on an otherwise idle server. */
async function signInLatencies(url, body) {
  const latencies = [];
  for (let index = 0; index < signIns; index += 1) {
    const started = performance.now();
    await requestJson(url, { method: 'POST', body });
    latencies.push(performance.now() - started);
  }
  return { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)) };
}

async function throughput(url, token) {
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return { requestsPerSecond: round(result.requests.average, 0), p99: result.latency.p99 };
}

const database = await createBenchDatabase('bench_auth');
const product = await startProduct({ DATABASE_URL: database.url });
const stops = [product.stop, database.drop];
try {
  const { identity, email, token } = await newSignedInUser(product.origin);
  const signInBody = passwordSignInBody(identity, email);
  const firstCall = await fetch(`${product.origin}/api/user`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!firstCall.ok) throw new Error(`GET /api/user answered ${firstCall.status}`);

  const bareSignIn = await startChildServer(path.join(here, 'bare-signin-server.mjs'));
  stops.unshift(bareSignIn.stop);
  const bareApi = await startBareApi(path.join(here, 'bare-api-server.mjs'), identity, database.url);
  stops.unshift(bareApi.stop);

  const productSignIn = await signInLatencies(`${identity.domain}/oauth/token`, signInBody);
  const baselineSignIn = await signInLatencies(bareSignIn.origin, { password });
  const productApi = await throughput(`${product.origin}/api/user`, token);
  const baselineApi = await throughput(`${bareApi.origin}/`, token);

  console.log(`\nSign-in latency, ${signIns} sequential sign-ins (ms)`);
  console.table({
    'identity emulator POST /oauth/token': productSignIn,
    'bare node:http: scrypt verify + RS256 sign': baselineSignIn,
  });
  console.log(`\nAuthenticated GET, ${connections} connections, ${durationSeconds} s, PostgreSQL`);
  console.table({
    'product GET /api/user': productApi,
    'bare node:http: jose verify + pg lookup': baselineApi,
  });
  console.log(
    `product / baseline: sign-in p50 ${round(productSignIn.p50 / baselineSignIn.p50, 2)}×, ` +
      `API req/s ${round(productApi.requestsPerSecond / baselineApi.requestsPerSecond, 2)}×`,
  );
} finally {
  for (const stop of stops) await stop().catch((error) => console.error(error));
}
