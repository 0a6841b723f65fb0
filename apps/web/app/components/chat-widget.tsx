import { useEffect } from 'react';
import { config } from '#web/config.ts';

declare global {
  interface Window {
    $crisp?: unknown[];
    CRISP_WEBSITE_ID?: string;
  }
}

/**
 * The optional chat widget (Crisp): loaded only when its website id is configured (docs/product.md §7),
 * once.
 */
export function loadChatWidget(): void {
  if (!config.chatWebsiteId || document.getElementById('chat-widget')) return;
  window.$crisp = [];
  window.CRISP_WEBSITE_ID = config.chatWebsiteId;
  const script = document.createElement('script');
  script.id = 'chat-widget';
  script.src = 'https://client.crisp.chat/l.js';
  script.async = true;
  document.head.appendChild(script);
}

/** The chat widget in the app; a prerendered page's islands runtime loads it itself. */
export function ChatWidget() {
  useEffect(loadChatWidget, []);
  return null;
}
