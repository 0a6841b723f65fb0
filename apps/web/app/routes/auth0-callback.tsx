import { useEffect } from 'react';
import { completePopupSignIn } from '#web/auth/identity-client.ts';

export const meta = () => [{ title: 'Signing in…' }, { name: 'robots', content: 'noindex' }];

/**
 * docs/product.md §2: the provider sends the sign-in popup back here with the tokens in the URL hash;
 * auth0-js checks them and posts them to the page that opened the popup, which then closes it. Nothing
 * is shown meanwhile (root.tsx leaves out the site's header and footer on this path).
 */
export default function Auth0Callback() {
  useEffect(() => {
    completePopupSignIn().catch((error: unknown) => {
      console.warn('The sign-in popup could not report back:', error);
    });
  }, []);
  return null;
}
