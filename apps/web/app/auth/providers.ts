// Sign-in methods (docs/product.md §9): the database connection ('password') and the social connections.
// The provider's subject ids carry the connection as a prefix (`google-oauth2|123`), so the method a
// user signed in with is read from their uid.

export type SocialProvider = 'google' | 'facebook' | 'twitter' | 'github';
export type SignInMethod = 'password' | SocialProvider;

/** Offered on the sign-in and sign-up pages (§2); github is understood but not offered. */
export const offeredProviders: SocialProvider[] = ['google', 'facebook', 'twitter'];

export const providerConnections: Record<SocialProvider, string> = {
  google: 'google-oauth2',
  facebook: 'facebook',
  twitter: 'twitter',
  github: 'github',
};

export const signInMethodLabels: Record<SignInMethod, string> = {
  password: 'Email and password',
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
  github: 'GitHub',
};

const methodsByPrefix: Record<string, SignInMethod> = {
  auth0: 'password',
  'google-oauth2': 'google',
  facebook: 'facebook',
  twitter: 'twitter',
  github: 'github',
};

/** The sign-in methods of a subject id: `auth0|…` is a password account, `google-oauth2|…` Google. */
export function providersOfSubject(subject: string): SignInMethod[] {
  const method = methodsByPrefix[subject.split('|')[0] ?? ''];
  return method ? [method] : [];
}
