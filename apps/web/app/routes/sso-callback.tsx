import { SsoCallbackPage } from '#web/components/sso/sso-callback-page.tsx';
import { unlistedPageMeta } from '#web/lib/meta.ts';

// Back from a sign-in through a workspace's organization (docs/sso.md): the authorization code in the
// address is exchanged in the browser, with the PKCE verifier this tab kept.
export const meta = () => unlistedPageMeta({ title: 'Signing in', path: '/sso-callback' });

export default function SsoCallback() {
  return <SsoCallbackPage />;
}
