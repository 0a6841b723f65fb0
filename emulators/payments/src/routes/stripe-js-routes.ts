import type { FastifyInstance } from 'fastify';
import type { PaymentsContext } from '#payments/context.ts';
import { frameMessageType } from './embedded-checkout-frame.ts';

// A stand-in for Stripe.js (https://js.stripe.com/dahlia/stripe.js) with the one part the product
// uses: Embedded Checkout. `Stripe(publishableKey).createEmbeddedCheckoutPage({ fetchClientSecret })`
// (dahlia's name; `initEmbeddedCheckout` before it) answers an object whose `mount(element)` puts the
// emulator's checkout page in an iframe there and `destroy()` takes it away; once paid, the frame asks
// for its return URL and the page goes there, as Stripe's does.

export const stripeJsPath = '/dahlia/stripe.js';

const script = (origin: string) => `(() => {
  const origin = ${JSON.stringify(origin)};
  const type = ${JSON.stringify(frameMessageType)};
  const create = async (options) => {
    const secret = await (options.fetchClientSecret ? options.fetchClientSecret() : options.clientSecret);
    if (typeof secret !== 'string' || !secret.includes('_secret_')) {
      throw new Error('IntegrationError: fetchClientSecret must resolve to a Checkout Session client secret.');
    }
    let frame = null;
    const listen = (event) => {
      if (!frame || event.origin !== origin || event.source !== frame.contentWindow) return;
      const data = event.data || {};
      if (data.type !== type) return;
      if (data.event === 'resize' && Number.isFinite(data.height)) frame.style.height = data.height + 'px';
      if (data.event === 'complete' && typeof data.returnUrl === 'string') {
        if (options.onComplete) options.onComplete();
        else window.location.assign(data.returnUrl);
      }
    };
    return {
      mount(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw new Error('IntegrationError: the element to mount Embedded Checkout in was not found.');
        frame = document.createElement('iframe');
        frame.src = origin + '/c/embed/' + encodeURIComponent(secret);
        frame.title = 'Secure checkout';
        frame.style.width = '100%';
        frame.style.height = '640px';
        frame.style.border = '0';
        window.addEventListener('message', listen);
        host.appendChild(frame);
      },
      unmount() {
        window.removeEventListener('message', listen);
        if (frame) frame.remove();
        frame = null;
      },
      destroy() {
        this.unmount();
      },
    };
  };
  window.Stripe = (publishableKey) => {
    if (typeof publishableKey !== 'string' || !/^pk_(test|live)_/.test(publishableKey)) {
      throw new Error('IntegrationError: Invalid value for Stripe(): apiKey should be a publishable key (pk_…).');
    }
    return { createEmbeddedCheckoutPage: create, initEmbeddedCheckout: create };
  };
})();
`;

/** The emulator's Stripe.js, served from its own origin (which its frames and messages use). */
export function registerStripeJsRoutes(app: FastifyInstance, context: PaymentsContext) {
  app.get(stripeJsPath, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(script(context.urls.origin)),
  );
}
