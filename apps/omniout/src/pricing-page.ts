import type { BillingPeriod } from '@launchkit/api-contract';
import {
  billingTerms,
  changeTerms,
  formatPrice,
  type Offer,
  type Plan,
  type PlanId,
  plans,
  trialNote,
  unitAmountFor,
} from '@launchkit/plans';
import { escapeHtml, icon, renderDocument } from './html.ts';

// Who each plan is for: the pricing table's copy, next to the catalogue's prices and features.
const taglines: Record<PlanId, string> = {
  starter: 'For one person getting a project off the ground.',
  pro: 'For small teams that work on the same items.',
  business: 'For organizations that need room to grow.',
};

const seatCount = (seats: number) => (seats === 1 ? '1 seat' : `${seats} seats`);

/** What a yearly seat saves against twelve months of the monthly price. */
const yearlySaving = (plan: Plan) => plan.unitAmount * 12 - plan.yearlyUnitAmount;

/**
 * A card's price and seats line for one billing period. Both periods are in the page; the stylesheet
 * shows the chosen one's (`data-period`), so the switch needs no script.
 */
function priceLines(plan: Plan, period: BillingPeriod): string {
  const amount = unitAmountFor(plan, period);
  const saving =
    period === 'year' ? ` <span class="saving">Save ${formatPrice(yearlySaving(plan))}</span>` : '';
  return `<p class="price" data-period="${period}"><span class="amount">${formatPrice(amount)}</span> <span class="unit">per seat / ${period}</span>${saving}</p>
  <p class="seats" data-period="${period}">Starts with ${seatCount(plan.seats)} · ${formatPrice(amount * plan.seats)} / ${period}</p>`;
}

/** The card's Choose link for one billing period: checkout of the plan, yearly with `?period=year`. */
function chooseLink(plan: Plan, period: BillingPeriod): string {
  const href = period === 'month' ? `/purchase/${plan.id}` : `/purchase/${plan.id}?period=year`;
  const look = plan.highlighted ? 'button--primary' : 'button--outline';
  return `<a class="button ${look} choose" data-period="${period}" href="${href}" target="_top">Choose ${escapeHtml(plan.name)}</a>`;
}

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
  ${priceLines(plan, 'month')}
  ${priceLines(plan, 'year')}
  <ul class="features" aria-label="${name} features">${features}</ul>
  ${chooseLink(plan, 'month')}
  ${chooseLink(plan, 'year')}
</article>`;
}

/**
 * Monthly or Yearly: two radios styled as one segmented control. Checked, Yearly shows every card's
 * yearly price and links to `/purchase/<plan>?period=year` (omniout.css, `:has`); no script.
 */
const periodSwitch = `<fieldset class="period-switch">
<legend class="sr-only">Billing period</legend>
<input type="radio" name="period" id="period-month" value="month" checked><label for="period-month">Monthly</label>
<input type="radio" name="period" id="period-year" value="year"><label for="period-year">Yearly <span class="period-note">2 months free</span></label>
</fieldset>`;

/**
 * The page in the /pricing frame (index.html): static, no script. Choosing a plan sends the top
 * window to /purchase/<plan> (with `?period=year` for yearly), which starts checkout (or sign-up first
 * for a visitor). Its terms follow `offer`, the trial the server gives.
 */
export function renderPricingPage(offer: Offer): string {
  const terms = [billingTerms, trialNote(offer), changeTerms].filter(Boolean).join(' ');
  const body = `<main class="pricing" aria-label="Plans and pricing">
<h1 class="sr-only">Plans and pricing</h1>
${periodSwitch}
<div class="plans">
${plans.map(planCard).join('\n')}
</div>
<p class="note">${escapeHtml(terms)}</p>
</main>`;
  return renderDocument({ title: 'Plans and pricing', body, bodyClass: 'page-pricing' });
}
