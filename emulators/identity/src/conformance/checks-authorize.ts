import { setTimeout as sleep } from 'node:timers/promises';
import * as oidc from 'openid-client';
import { Browser, fragmentOf } from './browser.ts';
import { sharedUser } from './conformance-users.ts';
import * as verdict from './feature-check.ts';

const area = '/authorize and logout';

/** openid-client set up for the implicit flow (response_type=id_token), the one of these the emulator has. */
async function implicitClient(context: verdict.CheckContext) {
  const config = await oidc.discovery(new URL(context.issuer), context.clientId, undefined, oidc.None());
  oidc.useIdTokenResponseType(config);
  return config;
}

/** A browser signed in on the emulator's login page, with the id token of that sign-in. */
async function signedInBrowser(context: verdict.CheckContext) {
  const config = await implicitClient(context);
  const user = await sharedUser(context, 'browser');
  const browser = new Browser();
  const { url, nonce, state } = authorizeUrl(context, config, { scope: 'openid email' });
  const { response, showedSignIn } = await browser.authorize(url, {
    email: user.email,
    password: context.password,
  });
  const location = response.headers.get('location');
  if (!showedSignIn || !location) throw new Error(`sign-in page answered ${response.status}`);
  const claims = await oidc.implicitAuthentication(config, new URL(location), nonce, {
    expectedState: state,
  });
  const idToken = new URLSearchParams(new URL(location).hash.slice(1)).get('id_token') ?? '';
  return { config, user, browser, claims, idToken };
}

/** /authorize for an id token (scope openid unless `extra` says otherwise) with extra parameters (prompt, max_age). */
function authorizeUrl(
  context: verdict.CheckContext,
  config: oidc.Configuration,
  extra: Record<string, string>,
) {
  const nonce = oidc.randomNonce();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${context.appOrigin}/auth0-callback`,
    scope: 'openid',
    nonce,
    state,
    ...extra,
  });
  return { url, nonce, state };
}

export const authorizeFeatures: verdict.Feature[] = [
  {
    id: 'authorize.implicit',
    area,
    title: 'implicit flow (response_type=id_token) through openid-client implicitAuthentication',
    async check(context) {
      const { claims, user } = await signedInBrowser(context);
      return verdict.expectAll([
        [claims.sub === user.userId, `sub ${claims.sub}`],
        [typeof claims.auth_time === 'number', 'auth_time'],
      ]);
    },
  },
  {
    id: 'authorize.prompt-none',
    area,
    title: 'prompt=none: tokens from the session, login_required without one',
    async check(context) {
      const { config, browser, user } = await signedInBrowser(context);
      const silent = authorizeUrl(context, config, { prompt: 'none' });
      const answer = await browser.get(silent.url);
      const claims = await oidc.implicitAuthentication(
        config,
        new URL(answer.headers.get('location') ?? ''),
        silent.nonce,
        { expectedState: silent.state },
      );
      const stranger = await new Browser().get(authorizeUrl(context, config, { prompt: 'none' }).url);
      return verdict.expectAll([
        [claims.sub === user.userId, 'silent sign-in'],
        [fragmentOf(stranger).get('error') === 'login_required', 'login_required without a session'],
      ]);
    },
  },
  {
    id: 'authorize.max-age-exceeded',
    area,
    title: 'max_age older than the session: sign in again (prompt=none: login_required)',
    async check(context) {
      const { config, browser } = await signedInBrowser(context);
      await sleep(1_100);
      const silent = await browser.get(authorizeUrl(context, config, { prompt: 'none', max_age: '0' }).url);
      const interactive = await browser.get(authorizeUrl(context, config, { max_age: '0' }).url);
      const html = interactive.status === 200 ? await interactive.text() : '';
      if (fragmentOf(silent).has('id_token'))
        return verdict.missing('max_age ignored: tokens from the old session');
      return verdict.expectAll([
        [fragmentOf(silent).get('error') === 'login_required', `prompt=none: ${fragmentOf(silent)}`],
        [html.includes('action="/authorize/login"'), `without prompt: ${interactive.status}`],
      ]);
    },
  },
  {
    id: 'authorize.max-age-within',
    area,
    title: 'max_age the session meets: silent tokens whose auth_time openid-client checks',
    async check(context) {
      const { config, browser } = await signedInBrowser(context);
      const silent = authorizeUrl(context, config, { prompt: 'none', max_age: '3600' });
      const answer = await browser.get(silent.url);
      try {
        await oidc.implicitAuthentication(
          config,
          new URL(answer.headers.get('location') ?? ''),
          silent.nonce,
          {
            expectedState: silent.state,
            maxAge: 3600,
          },
        );
        return verdict.likeAuth0();
      } catch (error) {
        return verdict.differs(verdict.describeError(error));
      }
    },
  },
  {
    id: 'logout.oidc',
    area,
    title:
      'RP-initiated logout (openid-client buildEndSessionUrl): /oidc/logout ends the session, redirects with state',
    async check(context) {
      const { config, browser, idToken } = await signedInBrowser(context);
      const url = oidc.buildEndSessionUrl(config, {
        id_token_hint: idToken,
        post_logout_redirect_uri: `${context.appOrigin}/signed-out`,
        state: 'come-back',
      });
      if (url.pathname !== '/oidc/logout') return verdict.differs(`end_session_endpoint is ${url.pathname}`);
      const answer = await browser.get(url);
      if (answer.status === 404) return verdict.missing('no /oidc/logout');
      const after = await browser.get(authorizeUrl(context, config, { prompt: 'none' }).url);
      return verdict.expectAll([
        [
          answer.headers.get('location') === `${context.appOrigin}/signed-out?state=come-back`,
          `${answer.status} to ${answer.headers.get('location')}`,
        ],
        [fragmentOf(after).get('error') === 'login_required', 'the session survived'],
      ]);
    },
  },
  {
    id: 'logout.oidc-unknown-uri',
    area,
    title: '/oidc/logout never redirects to a post_logout_redirect_uri that is not allowed',
    async check(context) {
      const query = new URLSearchParams({
        client_id: context.clientId,
        post_logout_redirect_uri: 'https://elsewhere.example/',
      });
      const answer = await new Browser().get(`${context.origin}/oidc/logout?${query}`);
      if (answer.status === 404) return verdict.missing('no /oidc/logout');
      return verdict.expectAll([
        [
          answer.status === 400 && !answer.headers.has('location'),
          `${answer.status} ${answer.headers.get('location')}`,
        ],
      ]);
    },
  },
  {
    id: 'logout.v2-return-to',
    area,
    title: '/v2/logout with client_id and an allowed returnTo: session ended, 302 there',
    async check(context) {
      const { config, browser } = await signedInBrowser(context);
      const returnTo = `${context.appOrigin}/`;
      const answer = await browser.get(
        `${context.origin}/v2/logout?${new URLSearchParams({ client_id: context.clientId, returnTo })}`,
      );
      const after = await browser.get(authorizeUrl(context, config, { prompt: 'none' }).url);
      return verdict.expectAll([
        [answer.status === 302 && answer.headers.get('location') === returnTo, `${answer.status}`],
        [fragmentOf(after).get('error') === 'login_required', 'the session survived'],
      ]);
    },
  },
  {
    id: 'logout.v2-unknown-return-to',
    area,
    title: '/v2/logout never redirects to a returnTo that is not an allowed logout URL',
    async check(context) {
      const answer = await new Browser().get(
        `${context.origin}/v2/logout?${new URLSearchParams({ client_id: context.clientId, returnTo: 'https://elsewhere.example/' })}`,
      );
      return verdict.expectAll([
        [!answer.headers.has('location') && answer.status >= 400, `${answer.status}`],
      ]);
    },
  },
];
