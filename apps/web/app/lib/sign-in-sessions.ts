import type { SessionsEnded, SignInSession, SignInSessions } from '@launchkit/api-contract';
import { apiRequest } from './api.ts';

export type { SignInSession };

/** The person's sessions that have not ended, this one first. */
export const listSessions = (signal?: AbortSignal) =>
  apiRequest<SignInSessions>('auth-user/sessions', { signal });

/** Signs one session out; another than this one needs a recent sign-in (useReauthentication). */
export const endSession = (id: string) =>
  apiRequest<SessionsEnded>(`auth-user/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Signs out every session but this one; needs a recent sign-in (useReauthentication). */
export const endOtherSessions = () =>
  apiRequest<SessionsEnded>('auth-user/sessions/end-others', { method: 'POST', body: {} });

/** 'Chrome on macOS', as a person names their own devices. */
export const sessionName = (session: SignInSession) =>
  session.browser === 'Unknown browser' && session.operatingSystem === 'Unknown system'
    ? 'An unknown browser'
    : `${session.browser} on ${session.operatingSystem}`;
