import { defineConfig, devices } from '@playwright/test';
import { recentLoginSeconds } from './e2e/support/server-settings.ts';
import { chromiumFlags, chromiumPath } from './scripts/ensure-chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3900);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // No retries, in CI too: a test that fails now and then is fixed, not tried again (docs/decisions/0036).
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Most tests sign people up, pay at the emulator or open two browsers: 30 s left no margin on a busy
  // 2-core machine.
  timeout: 60_000,
  // A password sign-in costs one scrypt hash (OWASP parameters, ~0.3 s idle, seconds on a busy 2-core
  // machine): assertions that wait for a sign-in get more than the 5 s default.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      IDENTITY_PORT: String(port + 1),
      PAYMENTS_PORT: String(port + 2),
      // Failed webhook deliveries are retried within seconds, so a test sees the retry bring state right.
      PAYMENTS_WEBHOOK_RETRY_BASE_MS: '500',
      // Outbound webhook deliveries are retried one to three seconds apart and an endpoint failing for 60 s
      // is turned off, as after a day (embedded mode only).
      WEBHOOK_TEST_DAY_SECONDS: '60',
      RECENT_LOGIN_MAX_AGE_SECONDS: String(recentLoginSeconds),
      // One data folder per port: runs on other ports (E2E_PORT) never wipe each other's data.
      DATA_DIR: `.e2e-data-${port}`,
      LOG_LEVEL: 'warn',
      // Browser tests submit the public forms many times from one address; the limit has its own API test.
      RATE_LIMIT_MAX: '1000',
      // Each test signs people up and in: OWASP's scrypt cost (the default) would spend the run hashing.
      IDENTITY_PASSWORD_HASH_COST: '10',
      // The back office (docs/operations.md): every verified address at this domain is an operator's, and
      // a "view as" lasts 45 seconds rather than 15 minutes, so a test sees it end.
      OPERATOR_EMAILS: '@operators.example.com',
      IMPERSONATION_SECONDS: '45',
      // Single sign-on's domain proofs are looked up at the DNS server e2e/sso.spec.ts runs on loopback (UDP,
      // the same number as the app's TCP port).
      DNS_RESOLVER: `127.0.0.1:${port}`,
    },
  },
});
