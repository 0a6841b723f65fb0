import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { callbackPath } from './identity-client.ts';
import * as session from './session.ts';

const AuthStateContext = createContext<session.AuthState>(null);

const actions = {
  signin: session.signin,
  signup: session.signup,
  signinWithProvider: session.signinWithProvider,
  sendPasswordResetEmail: session.sendPasswordResetEmail,
  confirmPasswordReset: session.confirmPasswordReset,
  updateProfile: session.updateProfile,
  updateEmail: session.updateEmail,
  updatePassword: session.updatePassword,
  signout: session.signout,
};

/**
 * Gives the app the session's state. It starts as `null` (unknown) on every page, in the prerendered
 * HTML and in the browser's first render alike, and changes only once the effect has read the
 * stored token, so hydration always matches.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<session.AuthState>(null);
  useEffect(() => {
    const unsubscribe = session.subscribe(setUser);
    // The popup that finishes a social sign-in only hands its tokens to the opener.
    if (window.location.pathname !== callbackPath) session.startSession();
    setUser(session.currentAuthState());
    return unsubscribe;
  }, []);
  return <AuthStateContext.Provider value={user}>{children}</AuthStateContext.Provider>;
}

/** `user` is `null` while unknown, `false` when signed out, or the merged user; plus the auth operations (§7). */
export function useAuth() {
  return { user: useContext(AuthStateContext), ...actions };
}
