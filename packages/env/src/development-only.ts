import { runMode } from './fields.ts';
import { ConfigurationError } from './parse-environment.ts';

/**
 * Stops a development-only program (a provider emulator) in the production mode, `NODE_ENV=production`:
 * throws a ConfigurationError titled `title` whose NODE_ENV line says what the program is and what to set
 * instead, so a deployment never runs on test users, public secrets or free test cards.
 */
export function refuseProductionMode(
  environment: NodeJS.ProcessEnv,
  title: string,
  program: { name: string; instead: string },
): void {
  const mode = runMode.safeParse(environment.NODE_ENV);
  if (!mode.success || mode.data !== 'production') return;
  throw new ConfigurationError(title, [
    `NODE_ENV: the ${program.name} is for development only and does not run in production; ${program.instead}`,
  ]);
}
