import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { idParams, ok } from './endpoint-parts.ts';
import { timestamp } from './fields.ts';

/**
 * One sign-in of the person in one browser (docs/identity.md, "Sessions"): from the moment they proved
 * who they are until they, or another of their sessions, sign it out. What the browser said of itself
 * when it first called the API; no address and no place.
 */
export const signInSession = z
  .object({
    id: z.string().describe("The session's id."),
    browser: z.string().describe('The browser by name (`Chrome`, `Firefox`, …), or `Unknown browser`.'),
    operatingSystem: z.string().describe('`macOS`, `Windows`, `Android`, …, or `Unknown system`.'),
    deviceType: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
    signedInAt: timestamp,
    lastActiveAt: timestamp,
    current: z.boolean().describe('The session of the token that asks.'),
  })
  .meta({ id: 'SignInSession' });

export const signInSessions = z
  .object({
    sessions: z.array(signInSession).describe('The current session first, then the most recently active.'),
  })
  .meta({ id: 'SignInSessions' });

export const sessionsEnded = z
  .object({ ended: z.int().describe('How many sessions were signed out.') })
  .meta({ id: 'SessionsEnded' });

const sessionParams = idParams("The session's id.");

export type SignInSession = z.output<typeof signInSession>;
export type SignInSessions = z.output<typeof signInSessions>;
export type SessionsEnded = z.output<typeof sessionsEnded>;

export const sessionEndpoints = [
  endpoint({
    method: 'GET',
    path: '/api/auth-user/sessions',
    id: 'listSessions',
    tag: 'Account',
    summary: "The caller's active sessions",
    auth: 'bearer',
    answer: ok('The sessions.', signInSessions),
  }),
  endpoint({
    method: 'DELETE',
    path: '/api/auth-user/sessions/:id',
    id: 'endSession',
    tag: 'Account',
    summary: 'Signs one session out, this one or another',
    description:
      'Every request of that session is refused from then on (`auth/invalid-user-token`), on every instance, and its live lists close; its refresh tokens are revoked at the identity provider. Another session than the caller’s needs a recent sign-in (`auth/requires-recent-login`: sign in again and retry).',
    auth: 'bearer',
    request: { params: sessionParams },
    answer: ok('One session signed out.', sessionsEnded),
    errors: { 401: ['auth/requires-recent-login'], 404: ['auth/session-not-found'] },
  }),
  endpoint({
    method: 'POST',
    path: '/api/auth-user/sessions/end-this',
    id: 'endThisSession',
    tag: 'Account',
    summary: 'Signs out the session that asks',
    description:
      'What "Sign out" calls before it leaves for the identity provider: every request of this session is refused from then on (`auth/invalid-user-token`), on every instance, and its live lists close; its refresh tokens are revoked at the identity provider. `ended` is 0 when the API had not recorded the session yet (it is refused all the same).',
    auth: 'bearer',
    answer: ok('This session signed out.', sessionsEnded),
  }),
  endpoint({
    method: 'POST',
    path: '/api/auth-user/sessions/end-others',
    id: 'endOtherSessions',
    tag: 'Account',
    summary: 'Signs out every session but the one that asks',
    description:
      'Includes sign-ins not seen yet by the API: any session that started before this request, other than the caller’s, is refused from then on. Refresh tokens of those sessions are revoked at the identity provider. Needs a recent sign-in (`auth/requires-recent-login`: sign in again and retry).',
    auth: 'bearer',
    answer: ok('How many were signed out.', sessionsEnded),
    errors: { 401: ['auth/requires-recent-login'] },
  }),
];
