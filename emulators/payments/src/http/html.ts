import { escapeHtml, sendHtmlPage } from '@launchkit/emulator-kit';
import type { FastifyReply } from 'fastify';
import { stylesheetUrl } from './stylesheet.ts';

export type Page = {
  status?: number;
  title: string;
  /** HTML placed in <main> under the <h1> (the title); callers escape what they interpolate. */
  body: string;
  /** Origins a form of the page may end up at after a redirect (Chrome applies form-action to it). */
  formTargets?: string[];
  /** A wider layout (checkout, portal) than the default single column. */
  wide?: boolean;
};

/**
 * Every page is the emulators' page shell (@launchkit/emulator-kit) styled by /assets/payments.css, under a
 * "Test mode" banner, with no script.
 */
export function sendPage(reply: FastifyReply, page: Page) {
  return sendHtmlPage(reply, {
    status: page.status,
    title: page.title,
    product: 'Payments emulator',
    stylesheet: stylesheetUrl,
    header: `<header class="banner${page.wide ? ' wide' : ''}"><p>Payments emulator <span class="badge">Test mode</span></p></header>`,
    mainClass: page.wide ? 'wide' : undefined,
    body: page.body,
    formTargets: page.formTargets,
  });
}

/** A message for a form: `role=alert` so it is announced, with an id inputs point at. */
export const alertBox = (id: string, messages: string[]) =>
  messages.length === 0
    ? ''
    : `<div class="alert" role="alert" id="${escapeHtml(id)}">${
        messages.length === 1
          ? `<p>${escapeHtml(messages[0] ?? '')}</p>`
          : `<ul>${messages.map((message) => `<li>${escapeHtml(message)}</li>`).join('')}</ul>`
      }</div>`;

export const noticeBox = (message: string | undefined) =>
  message ? `<div class="notice" role="status"><p>${escapeHtml(message)}</p></div>` : '';
