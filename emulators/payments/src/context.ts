import type { PaymentsConfig } from './config.ts';
import type { EmulatorUrls } from './emulator-urls.ts';
import type { StateFile } from './storage/state-file.ts';
import type { WebhookDispatcher } from './webhooks/webhook-dispatcher.ts';

/** What every route and action of the emulator works with; built once in app.ts. */
export type PaymentsContext = {
  config: PaymentsConfig;
  urls: EmulatorUrls;
  store: StateFile;
  webhooks: WebhookDispatcher;
};
