import { useEffect, useState } from 'react';
import { completePopupSignIn } from '#web/auth/identity-client.ts';
import { isOrganizationCallback } from '#web/auth/organization-sign-in.ts';
import { SsoCallbackPage } from '#web/components/sso/sso-callback-page.tsx';

export const meta = () => [{ title: 'Signing in…' }, { name: 'robots', content: 'noindex' }];

/**
 * docs/product.md §2: the provider sends the sign-in popup back here with the tokens in the URL hash;
 * auth0-js checks them and posts them to the page that opened the popup, which then closes it. Nothing
 * is shown meanwhile (root.tsx leaves out the site's header and footer on this path). A sign-in through
 * a workspace's organization (single sign-on, docs/sso.md) comes back here too, with a code in the query
 * and the `state` this tab kept: it is finished on this page.
 */
export default function Auth0Callback() {
  const [isOrganization, setIsOrganization] = useState(false);
  useEffect(() => {
    if (isOrganizationCallback(new URLSearchParams(window.location.search))) {
      setIsOrganization(true);
      return;
    }
    completePopupSignIn().catch((error: unknown) => {
      console.warn('The sign-in popup could not report back:', error);
    });
  }, []);
  return isOrganization ? <SsoCallbackPage /> : null;
}
