/** The emulator's own origin, for the URLs of its hosted pages (`url` of sessions). */
export class EmulatorUrls {
  private currentOrigin: string;

  /** `protocol`: https when the emulator serves https (EMULATOR_TLS_CERT_FILE and EMULATOR_TLS_KEY_FILE). */
  constructor(port: number, protocol: 'http:' | 'https:' = 'http:') {
    this.currentOrigin = port === 0 ? `${protocol}//localhost` : `${protocol}//localhost:${port}`;
  }

  get origin(): string {
    return this.currentOrigin;
  }

  /** With PAYMENTS_PORT=0 the origin is known once the server listens. */
  followListeningOrigin(origin: string) {
    this.currentOrigin = origin;
  }

  checkoutPage(sessionId: string) {
    return `${this.currentOrigin}/c/pay/${sessionId}`;
  }

  /** An invoice's hosted page (`hosted_invoice_url`), from its finalization on. */
  invoicePage(invoiceId: string) {
    return `${this.currentOrigin}/i/${invoiceId}`;
  }

  portalPage(sessionId: string) {
    return `${this.currentOrigin}/p/session/${sessionId}`;
  }
}
