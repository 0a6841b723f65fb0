// The plan rules, in one place for the API, the web app, the hosted pricing/account app (omniout) and
// the payment emulator: each file holds one kind of rule, and all it exports is public.
export * from './catalogue.ts';
export * from './dates.ts';
export * from './features.ts';
export * from './limits.ts';
export * from './offer.ts';
export * from './plan-ids.ts';
export * from './plan-names.ts';
export * from './plan-status.ts';
export * from './seats.ts';
