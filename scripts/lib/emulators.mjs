// The provider emulators `npm start` and `npm run dev` run beside the app, unless the environment
// points the app at the real provider (docs/identity.md) or asks for production mode, where the
// emulators never run (they refuse to).

export const isProductionMode = () => process.env.NODE_ENV?.trim() === 'production';

/** An emulator's process: its server.ts under emulators/<name>, run from the repository root. */
const emulatorProcess = (name, root, env) => ({
  name,
  command: process.execPath,
  args: [`emulators/${name}/src/server.ts`],
  cwd: root,
  env,
});

/** The identity emulator's process, or none when AUTH0_DOMAIN names a real tenant. */
export function identityEmulator({ root, appPort }) {
  if (process.env.AUTH0_DOMAIN?.trim() || isProductionMode()) return [];
  return [
    emulatorProcess('identity', root, {
      IDENTITY_WEB_ORIGINS:
        process.env.IDENTITY_WEB_ORIGINS ?? `http://localhost:${appPort},http://127.0.0.1:${appPort}`,
    }),
  ];
}

/**
 * The payment emulator's process, or none when STRIPE_SECRET_KEY names a real Stripe account. Its
 * webhook endpoint is the app's, as Stripe's dashboard would be set up (docs/billing.md).
 */
export function paymentsEmulator({ root, appPort }) {
  if (process.env.STRIPE_SECRET_KEY?.trim() || isProductionMode()) return [];
  return [
    emulatorProcess('payments', root, {
      STRIPE_WEBHOOK_URL: process.env.STRIPE_WEBHOOK_URL ?? `http://localhost:${appPort}/api/stripe-webhook`,
    }),
  ];
}
