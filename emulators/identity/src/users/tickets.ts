import { createHash, randomBytes } from 'node:crypto';
import type { IdentityState, TicketKind, TicketRecord } from '#identity/storage/identity-state.ts';

// Auth0's defaults: reset and verification links last 5 days. Unblock links get the same.
export const ticketLifetimeMs = 5 * 24 * 60 * 60 * 1000;

export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A single-use link secret; only its hash is stored, so the state file cannot be used to open links. */
export function createTicket(
  state: IdentityState,
  ticket: { kind: TicketKind; userId: string; ip?: string; email?: string },
): string {
  const secret = randomBytes(24).toString('base64url');
  state.tickets.set(secretHash(secret), {
    ...ticket,
    expiresAt: Date.now() + ticketLifetimeMs,
    usedAt: null,
  });
  return secret;
}

export type TicketLookup =
  | { status: 'valid'; record: TicketRecord; key: string }
  | { status: 'used' | 'expired' | 'unknown' };

export function findTicket(state: IdentityState, secret: string | undefined, kind: TicketKind): TicketLookup {
  if (!secret) return { status: 'unknown' };
  const key = secretHash(secret);
  const record = state.tickets.get(key);
  if (!record || record.kind !== kind || !state.users.has(record.userId)) return { status: 'unknown' };
  if (record.usedAt !== null) return { status: 'used' };
  if (record.expiresAt <= Date.now()) return { status: 'expired' };
  return { status: 'valid', record, key };
}

/** Drops tickets that can no longer be used, so the state file does not grow forever. */
export function pruneTickets(state: IdentityState): void {
  const now = Date.now();
  for (const [key, record] of state.tickets) {
    if (record.expiresAt <= now) state.tickets.delete(key);
  }
}
