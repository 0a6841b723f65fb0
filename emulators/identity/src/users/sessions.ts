import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import type { SessionRecord, UserRecord } from '#identity/storage/identity-state.ts';
import { secretHash } from './tickets.ts';

export const sessionCookie = 'identity_session';
const sessionLifetimeMs = 24 * 60 * 60 * 1000;

/**
 * The provider's own sign-in session (Auth0's SSO cookie), read by /authorize with prompt=none. The
 * cookie is an opaque random value; the state holds only its hash. SameSite=Lax is enough for the
 * hidden iframe of checkSession because the app and the emulator are same-site (localhost).
 */
export async function startSession(
  context: IdentityContext,
  reply: FastifyReply,
  userId: string,
  authTime: number,
  amr?: string[],
): Promise<SessionRecord> {
  const secret = randomBytes(32).toString('base64url');
  const record: SessionRecord = {
    userId,
    sid: randomBytes(16).toString('base64url'),
    authTime,
    expiresAt: Date.now() + sessionLifetimeMs,
    ...(amr ? { amr } : {}),
  };
  pruneSessions(context);
  context.store.state.sessions.set(secretHash(secret), record);
  await context.store.save();
  reply.setCookie(sessionCookie, secret, {
    httpOnly: true,
    sameSite: 'lax',
    secure: context.urls.isSecure,
    path: '/',
    maxAge: sessionLifetimeMs / 1000,
  });
  return record;
}

export function readSession(
  context: IdentityContext,
  request: FastifyRequest,
): { session: SessionRecord; user: UserRecord } | undefined {
  const secret = request.cookies[sessionCookie];
  if (!secret) return undefined;
  const session = context.store.state.sessions.get(secretHash(secret));
  if (!session || session.expiresAt <= Date.now()) return undefined;
  const user = context.store.state.users.get(session.userId);
  if (!user || user.blocked) return undefined;
  return { session, user };
}

export async function endSession(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const secret = request.cookies[sessionCookie];
  reply.clearCookie(sessionCookie, { path: '/' });
  if (secret && context.store.state.sessions.delete(secretHash(secret))) await context.store.save();
}

function pruneSessions(context: IdentityContext): void {
  const now = Date.now();
  for (const [key, record] of context.store.state.sessions) {
    if (record.expiresAt <= now) context.store.state.sessions.delete(key);
  }
}
