import { randomBytes } from 'node:crypto';
import { secretHash } from '#identity/users/tickets.ts';

/** A WebAuthn ceremony the emulator started and the webauthn grant completes, once. */
export type CeremonyStart =
  | { kind: 'signup'; clientId: string; challenge: string; email: string; name?: string }
  | { kind: 'login'; clientId: string; challenge: string }
  /** A passkey added to a signed-in person's account (My Account API). */
  | { kind: 'enrol'; clientId: string; challenge: string; userId: string; methodId: string };

export type PasskeyCeremony = CeremonyStart & { expiresAt: number };

/** Auth0: the `auth_session` of a passkey challenge lasts about five minutes. */
export const ceremonyLifetimeMs = 5 * 60 * 1000;

/**
 * The ceremonies under way, by the hash of their `auth_session`. Kept in memory: one that a restart
 * loses is started again by the person, as after a timeout.
 */
export class PasskeyCeremonies {
  private readonly byHash = new Map<string, PasskeyCeremony>();

  start(ceremony: CeremonyStart, now = Date.now()): string {
    for (const [key, stored] of this.byHash) if (stored.expiresAt <= now) this.byHash.delete(key);
    const authSession = randomBytes(32).toString('base64url');
    this.byHash.set(secretHash(authSession), {
      ...ceremony,
      expiresAt: now + ceremonyLifetimeMs,
    } as PasskeyCeremony);
    return authSession;
  }

  /** The ceremony of `authSession`, taken: a second use finds nothing. */
  take(authSession: string, now = Date.now()): PasskeyCeremony | undefined {
    const key = secretHash(authSession);
    const ceremony = this.byHash.get(key);
    this.byHash.delete(key);
    return ceremony && ceremony.expiresAt > now ? ceremony : undefined;
  }
}
