import { isBefore } from '#payments/http/stripe-api-versions.ts';
import type { Json } from './json.ts';

// docs.stripe.com/changelog/dahlia/2026-03-25/updates-available-checkout-session-ui-modes: from
// 2026-03-25.dahlia `ui_mode` is `hosted_page`, `embedded_page` or `elements`, which replace
// `hosted`, `embedded` and `custom` (and setting an old value fails). `custom` itself came with
// 2025-03-31.basil (docs.stripe.com/changelog/basil/2025-03-31/add-checkout-session-custom-ui-mode).
const dahlia = '2026-03-25.dahlia';
const basil = '2025-03-31.basil';
const before = { hosted_page: 'hosted', embedded_page: 'embedded', elements: 'custom' } as const;
type PinnedUiMode = keyof typeof before;

/** The `ui_mode` values a request in `version` may send, each with the pinned value it means. */
export function uiModesIn(version: string): Record<string, string> {
  if (!isBefore(version, dahlia)) {
    return { hosted_page: 'hosted_page', embedded_page: 'embedded_page', elements: 'elements', form: 'form' };
  }
  const modes: Record<string, string> = { hosted: 'hosted_page', embedded: 'embedded_page' };
  if (!isBefore(version, basil)) modes.custom = 'elements';
  return modes;
}

export function checkoutSessionInVersion(fields: Json, _pinned: Json, version: string): Json {
  if (!isBefore(version, dahlia)) return fields;
  const mode = fields.ui_mode as string;
  const renamed = { ...fields, ui_mode: before[mode as PinnedUiMode] ?? mode };
  // 2025-03-31.basil removed `shipping_details` (collected_information holds it): null here, as the
  // emulator collects no shipping address.
  return isBefore(version, basil) ? { ...renamed, shipping_details: null } : renamed;
}
