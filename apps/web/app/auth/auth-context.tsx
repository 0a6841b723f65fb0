import { createContext, type ReactNode, useContext, useEffect, useLayoutEffect, useState } from 'react';
import { callbackPath } from './auth-paths.ts';
import type { AuthState } from './session.ts';
import { readStorage, tokenKey } from './stored-session.ts';

type Session = typeof import('./session.ts');

// The session code (and through it auth0-js) is loaded only when something needs it: a stored token,
// a token written by another tab, or an auth operation. A visitor's first view never fetches it.
let sessionLoad: Promise<Session> | null = null;
const providerSetters = new Set<(state: AuthState) => void>();

function loadSession(): Promise<Session> {
  sessionLoad ??= import('./session.ts').then((session) => {
    session.subscribe((state) => {
      for (const setState of providerSetters) setState(state);
    });
    session.startSession();
    return session;
  });
  sessionLoad.catch(() => {
    sessionLoad = null;
  });
  return sessionLoad;
}

const AuthStateContext = createContext<AuthState>(null);
const StoredSessionContext = createContext(false);

/** An operation of the session, loading the session first if it has not been needed yet. */
const lazy =
  <Args extends unknown[], Result>(pick: (session: Session) => (...args: Args) => Promise<Result>) =>
  (...args: Args) =>
    loadSession().then((session) => pick(session)(...args));

const actions = {
  signin: lazy((session) => session.signin),
  signup: lazy((session) => session.signup),
  signinWithProvider: lazy((session) => session.signinWithProvider),
  signinWithPasskey: lazy((session) => session.signinWithPasskey),
  signupWithPasskey: lazy((session) => session.signupWithPasskey),
  reauthenticateWithPasskey: lazy((session) => session.reauthenticateWithPasskey),
  myAccountTokenWithPassword: lazy((session) => session.myAccountTokenWithPassword),
  myAccountTokenWithPasskey: lazy((session) => session.myAccountTokenWithPasskey),
  addPasskey: lazy((session) => session.addPasskey),
  cancelPasskeyAutofill: lazy((session) => session.cancelPasskeyAutofill),
  sendPasswordResetEmail: lazy((session) => session.sendPasswordResetEmail),
  confirmPasswordReset: lazy((session) => session.confirmPasswordReset),
  updateProfile: lazy((session) => session.updateProfile),
  updateEmail: lazy((session) => session.updateEmail),
  updatePassword: lazy((session) => session.updatePassword),
  signout: lazy((session) => session.signout),
  endDeletedSession: lazy((session) => session.endDeletedSession),
  refreshUser: lazy((session) => session.refreshUser),
  verifySecondFactor: lazy((session) => session.verifySecondFactor),
  completeSignIn: lazy((session) => session.completeSignIn),
  beginAuthenticatorAppSetup: lazy((session) => session.beginAuthenticatorAppSetup),
  confirmAuthenticatorApp: lazy((session) => session.confirmAuthenticatorApp),
  removeSecondFactors: lazy((session) => session.removeSecondFactors),
};

/**
 * Gives the app the session's state. It starts as `null` (unknown) on every page, in the prerendered
 * HTML and in the browser's first render alike, and changes only in the effect, so hydration always
 * matches.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AuthState>(null);
  const [hasStoredSession, setHasStoredSession] = useState(false);

  // Before the first paint (a layout effect), so that a page restoring a session never paints the
  // visitor's header; after hydration, so that the prerendered HTML (no session) still matches.
  useLayoutEffect(() => {
    if (window.location.pathname !== callbackPath && readStorage(tokenKey)) setHasStoredSession(true);
  }, []);

  useEffect(() => {
    providerSetters.add(setUser);
    const cleanup = () => {
      providerSetters.delete(setUser);
      window.removeEventListener('storage', onStorage);
    };
    // Another tab signing in writes the token; the session (once loaded) follows later changes itself.
    const onStorage = (event: StorageEvent) => {
      if (event.key === tokenKey && event.newValue) void loadSession();
    };
    // The popup that finishes a social sign-in only hands its tokens to the opener.
    if (window.location.pathname === callbackPath) return cleanup;
    if (sessionLoad || readStorage(tokenKey)) {
      // Without the session code (offline, a failed deploy) the stored token cannot be checked.
      loadSession().then(
        (session) => setUser(session.currentAuthState()),
        () => setUser(false),
      );
    } else {
      setUser(false);
      window.addEventListener('storage', onStorage);
    }
    return cleanup;
  }, []);

  return (
    <StoredSessionContext.Provider value={hasStoredSession}>
      <AuthStateContext.Provider value={user}>{children}</AuthStateContext.Provider>
    </StoredSessionContext.Provider>
  );
}

/**
 * `user` is `null` while unknown, `false` when signed out, or the merged user; `isRestoring` while it
 * is unknown and this browser keeps a session (which is being checked: the header shows no "Sign
 * in"); with them the auth operations of docs/product.md §7.
 */
export function useAuth() {
  const user = useContext(AuthStateContext);
  const hasStoredSession = useContext(StoredSessionContext);
  return { user, isRestoring: user === null && hasStoredSession, ...actions };
}

/** Starts loading the sign-in code ahead of use (an auth page), so a provider's popup opens at once. */
export function preloadSession(): void {
  loadSession().catch(() => undefined);
}
