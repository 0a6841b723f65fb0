// Stripe.js, loaded once from the address the server names (Stripe's own, or the payment emulator's
// stand-in in development), for Embedded Checkout only (decision 0049). The page's CSP allows that
// origin only while Embedded Checkout is configured.

export type EmbeddedCheckoutPage = { mount(element: HTMLElement): void; destroy(): void };
type StripeJs = (publishableKey: string) => {
  createEmbeddedCheckoutPage(options: {
    fetchClientSecret: () => Promise<string>;
  }): Promise<EmbeddedCheckoutPage>;
};

declare global {
  interface Window {
    Stripe?: StripeJs;
  }
}

const loading = new Map<string, Promise<StripeJs>>();

/** Stripe's global `Stripe`, once the script at `url` has run. */
export function loadStripeJs(url: string): Promise<StripeJs> {
  const loaded = loading.get(url);
  if (loaded) return loaded;
  const promise = new Promise<StripeJs>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not start')),
    );
    script.addEventListener('error', () => {
      loading.delete(url);
      reject(new Error('Stripe.js could not be loaded'));
    });
    document.head.append(script);
  });
  loading.set(url, promise);
  return promise;
}
