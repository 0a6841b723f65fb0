import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createMailer } from '@launchkit/mail';
import { type AppDeps, buildApp } from '#api/app.ts';
import { loadConfig } from '#api/config/app-config.ts';
import { developmentDefaults } from '#api/config/production-settings.ts';
import type { DatabaseHandle } from '#api/db/database.ts';
import { fixedPlanCatalogue, type PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { openTestDatabase } from './test-database.ts';

/**
 * The real app on a fresh database with its own outbox; `overrides` are environment variables. With
 * `database` the app uses that one (a second app instance on the same database) and leaves it open.
 *
 * Given a payment provider (`STRIPE_API_URL`, as a test's payments emulator sets it) the app resolves
 * the plans' prices from it at start, as in production; otherwise it never calls one and the plans'
 * prices are the emulator's seeded ids under any `STRIPE_PRICE_*` override. `plans` gives them instead.
 */
export async function startTestApp(
  overrides: Record<string, string> = {},
  options: { database?: DatabaseHandle; plans?: PlanCatalogue; onRoute?: AppDeps['onRoute'] } = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
  const database = options.database ?? (await openTestDatabase());
  const mailer = createMailer(config.mail);
  const plans =
    options.plans ??
    (overrides.STRIPE_API_URL
      ? undefined
      : fixedPlanCatalogue({ ...developmentDefaults.prices, ...config.priceOverrides }));
  const app = await buildApp({ config, database, mailer, logger: false, plans, onRoute: options.onRoute });
  await app.ready();
  return {
    app,
    config,
    db: database.db,
    database,
    databaseKind: database.kind,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** Puts a test app on a real loopback port (streams and timeouts need a socket, not inject); its origin. */
export async function listenOnLoopback(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}
