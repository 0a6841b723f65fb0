import {
  billingTerms,
  formatPrice,
  type Offer,
  type Plan,
  type PlanId,
  plans,
  trialTerms,
} from '@launchkit/plans';
import { escapeHtml, icon, renderDocument } from './html.ts';

// Who each plan is for: the pricing table's copy, next to the catalogue's prices and features.
const taglines: Record<PlanId, string> = {
  starter: 'For one person getting a project off the ground.',
  pro: 'For small teams that work on the same items.',
  business: 'For organizations that need room to grow.',
};

const seatCount = (seats: number) => (seats === 1 ? '1 seat' : `${seats} seats`);

function planCard(plan: Plan): string {
  const name = escapeHtml(plan.name);
  const features = plan.features
    .map((feature) => `<li>${icon('check', 'icon feature-icon')}<span>${escapeHtml(feature)}</span></li>`)
    .join('');
  return `<article class="plan${plan.highlighted ? ' plan--highlighted' : ''}" aria-labelledby="plan-${plan.id}" data-plan="${plan.id}">
  <div class="plan-head">
    <h2 id="plan-${plan.id}">${name}</h2>
    ${plan.highlighted ? '<p class="badge">Most popular</p>' : ''}
  </div>
  <p class="tagline">${escapeHtml(taglines[plan.id])}</p>
  <p class="price"><span class="amount">${formatPrice(plan.unitAmount)}</span> <span class="unit">per seat / month</span></p>
  <p class="seats">Starts with ${seatCount(plan.seats)} · ${formatPrice(plan.unitAmount * plan.seats)} / month</p>
  <ul class="features" aria-label="${name} features">${features}</ul>
  <a class="button ${plan.highlighted ? 'button--primary' : 'button--outline'} choose" href="/purchase/${plan.id}" target="_top">Choose ${name}</a>
</article>`;
}

/**
 * The page in the /pricing frame (index.html): static, no script. Choosing a plan sends the top
 * window to /purchase/<plan>, which starts checkout (or sign-up first for a visitor). Its terms follow
 * `offer`, the trial the server gives.
 */
export function renderPricingPage(offer: Offer): string {
  const terms = [
    billingTerms,
    trialTerms(offer),
    'Change seats or plans, or cancel, at any time from My Account.',
  ]
    .filter(Boolean)
    .join(' ');
  const body = `<main class="pricing" aria-label="Plans and pricing">
<h1 class="sr-only">Plans and pricing</h1>
<div class="plans">
${plans.map(planCard).join('\n')}
</div>
<p class="note">${escapeHtml(terms)}</p>
</main>`;
  return renderDocument({ title: 'Plans and pricing', body, bodyClass: 'page-pricing' });
}
