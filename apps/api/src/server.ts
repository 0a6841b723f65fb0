import { ConfigurationError } from '@launchkit/env';
import { createMailer } from '@launchkit/mail';
import { buildApp } from './app.ts';
import { createStripeClient } from './billing/stripe-client.ts';
import { logWebhookEndpoint } from './billing/webhook-endpoint.ts';
import { loadConfig } from './config/app-config.ts';
import { openDatabase } from './db/database.ts';
import { launcherBuildDone } from './operations/launcher-build.ts';
import { openFilesLimit, openFilesWanted } from './operations/open-files.ts';
import { startDraining } from './operations/readiness.ts';
import { stopTracing } from './tracing/tracing-switch.ts';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    // Said once, in plain words, before any logger exists: the operator fixes every variable in one pass.
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(`${error.message}\nThe server did not start. Every variable is described in .env.example.`);
    process.exit(1);
  }
})();
const database = await openDatabase(config.database).catch((error: Error) => {
  console.error(JSON.stringify({ level: 'fatal', msg: error.message }));
  process.exit(1);
});
const mailer = createMailer(config.mail);
await launcherBuildDone();
const app = await buildApp({ config, database, mailer }).catch(async (error: Error) => {
  // The plans' prices are read from the payment provider at start; a plan without one stops it here.
  if (!(error instanceof ConfigurationError)) throw error;
  console.error(`${error.message}\nThe server did not start.`);
  await database.close();
  process.exit(1);
});

if (config.mode === 'embedded') {
  app.log.warn(
    {
      mode: 'embedded',
      identity: config.identity.origin,
      payments: config.payments.apiUrl ?? 'Stripe',
      database: config.database.kind,
      mail: config.mail.transport === 'outbox' ? '/dev/outbox' : 'smtp',
    },
    'embedded mode, for development only: set NODE_ENV=production and the real providers to deploy (docs/security.md)',
  );
} else if (config.isStaging) {
  app.log.warn(
    { mode: 'production', staging: true, identity: config.identity.origin },
    'production mode, staging (STAGING=true): test-mode payment keys and local addresses are accepted; unset STAGING for a live deployment',
  );
} else {
  app.log.info({ mode: 'production', identity: config.identity.origin }, 'production mode');
}
if (config.database.kind === 'postgres' && !config.redisUrl) {
  app.log.warn(
    'no REDIS_URL: rate limits and stream caps are counted per instance; set REDIS_URL to share them when running several',
  );
}
const openFiles = openFilesLimit();
if (openFiles !== undefined && openFiles < openFilesWanted) {
  app.log.warn(
    { openFilesLimit: openFiles, wanted: openFilesWanted },
    'the open-files limit caps the connections and live lists this instance can hold; raise nofile (docs/capacity.md)',
  );
}

// Requests still running this long after the server stops taking new ones are cut off.
const finishRequestsMs = 10_000;
let isShuttingDown = false;

/**
 * A graceful stop: /readyz turns 503 at once while requests are still served, for SHUTDOWN_DRAIN_MS,
 * so the load balancer stops sending new ones here; then open live lists are ended (their clients
 * reconnect to another instance and get the current list, so no change is missed), the server stops
 * accepting connections, finishes the requests under way and closes the database.
 */
async function shutDown(signal: string) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  startDraining(app);
  app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'draining: not ready any more');
  const forceExit = setTimeout(() => {
    app.log.error('shutdown: requests still running; exiting anyway');
    process.exit(1);
  }, config.shutdownDrainMs + finishRequestsMs);
  forceExit.unref();
  await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  app.log.info('shutting down: ending live lists, finishing open requests');
  try {
    await app.close();
    await database.close();
    // The spans still buffered (the last requests' and jobs') go to the collector before the exit.
    await stopTracing();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, 'could not start the server');
  await database.close();
  process.exit(1);
}

// docs/decisions/0031: the provider's webhook endpoint is checked once listening (its events need this
// server up); a missing or wrong one is logged as an error naming the fix, and the server runs on.
if (config.mode !== 'embedded') {
  void logWebhookEndpoint(createStripeClient(config.payments), config.site.origin, app.log);
}
