import { escapeHtml, sendHtmlPage } from '@launchkit/emulator-kit';
import type { FastifyReply } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import { stylesheetUrl } from './stylesheet.ts';

export type Page = {
  status?: number;
  title: string;
  /** HTML placed in <main> under the <h1> (the title); callers escape what they interpolate. */
  body: string;
  /** Inline script, allowed by a nonce. */
  script?: string;
  /** Origins that may frame the page (the silent-authentication answer); none otherwise. */
  frameAncestors?: string[];
  /** The "Identity emulator" line above the title; off where the title says it already. */
  showBrand?: boolean;
};

/**
 * Every page is the emulators' page shell (@launchkit/emulator-kit) styled by /assets/identity.css; its forms
 * post here or, after a redirect (Chrome applies form-action to it), to the app's origins.
 */
export function sendPage(reply: FastifyReply, context: IdentityContext, page: Page) {
  return sendHtmlPage(reply, {
    status: page.status,
    title: page.title,
    product: 'Identity emulator',
    stylesheet: stylesheetUrl,
    lead: page.showBrand === false ? undefined : '<p class="brand">Identity emulator</p>',
    body: page.body,
    script: page.script,
    formTargets: context.config.webOrigins,
    frameAncestors: page.frameAncestors,
  });
}

/** The closing line of a finished page: a link back to the application. */
export function backToAppLink(context: IdentityContext): string {
  const { webOrigins, appName } = context.config;
  return `<p><a href="${escapeHtml(webOrigins[0] ?? '/')}">Back to ${escapeHtml(appName)}</a></p>`;
}
