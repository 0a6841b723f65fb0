import { randomBytes } from 'node:crypto';

/** A sign-in sent to an outside identity provider, waiting for its answer at /login/callback. */
export type EnterpriseTransaction = {
  /** The /authorize request's parameters, to finish it once the provider answers. */
  authorizeQuery: string;
  connectionId: string;
  /** OIDC: the nonce the ID token must carry. */
  nonce: string;
  expiresAt: number;
};

// Ten minutes to sign in at the outside provider.
const lifetimeMs = 10 * 60 * 1000;

/**
 * The sign-ins under way, keyed by the `state` (OIDC) or `RelayState` (SAML) sent to the provider:
 * an answer is accepted once, only for the connection it was sent for. In memory: a restart forgets
 * them, as a sign-in interrupted by a restart starts again.
 */
export class EnterpriseTransactions {
  private readonly pending = new Map<string, EnterpriseTransaction>();

  start(authorizeQuery: string, connectionId: string): { state: string; nonce: string } {
    const now = Date.now();
    for (const [key, each] of this.pending) if (each.expiresAt <= now) this.pending.delete(key);
    const state = randomBytes(24).toString('base64url');
    const nonce = randomBytes(24).toString('base64url');
    this.pending.set(state, { authorizeQuery, connectionId, nonce, expiresAt: now + lifetimeMs });
    return { state, nonce };
  }

  /** The transaction, not spent: which connection a callback without one is for. */
  peek(state: string): EnterpriseTransaction | undefined {
    return this.pending.get(state);
  }

  /** The transaction, spent; undefined when unknown, expired, already used or for another connection. */
  finish(state: string | undefined, connectionId: string): EnterpriseTransaction | undefined {
    if (!state) return undefined;
    const found = this.pending.get(state);
    this.pending.delete(state);
    if (!found || found.expiresAt <= Date.now() || found.connectionId !== connectionId) return undefined;
    return found;
  }
}
