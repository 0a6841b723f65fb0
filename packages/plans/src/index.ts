// The plan rules, in one place for the API, the web app, the hosted pricing/account app (omniout) and
// the payment emulator: each file holds one kind of rule.
export { formatPrice, type Plan, plans } from './catalogue.ts';
export { formatLongDate, ordinal } from './dates.ts';
export { canFeatureItems } from './features.ts';
export { isPlanId, type PlanId, planIdOf, planIds } from './plan-ids.ts';
export { currentPlanOf, planName } from './plan-names.ts';
export {
  activeStatuses,
  currentStatuses,
  hasCurrentPlan,
  isActiveStatus,
  isCurrentStatus,
  isRenewingStatus,
  isTrialStatus,
  readableStatus,
  statusRank,
} from './plan-status.ts';
export { holdsSeats, isAtSeatLimit, seatHoldingStatuses, seatLimit } from './seats.ts';
