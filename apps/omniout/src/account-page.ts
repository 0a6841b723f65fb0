import { plans } from '@launchkit/plans';
import { escapeHtml, icon, renderDocument } from './html.ts';

/** The script the build compiles from src/my-account.ts, next to the page in dist/. */
export const accountScript = 'my-account.js';

/** The path the sign-in prompt sends the top window to: sign in, then back to /myAccount. */
export const signInHref = '/auth/signin?next=/myAccount';

/**
 * The page in the /myAccount frame (myAccount.html). Its three states are in the HTML from the start,
 * so the script only fills in text and switches `hidden`: loading (shown until the script has asked
 * the API), signed out (no account data) and the account. The plan names come from @launchkit/plans here,
 * at build time, because the browser script cannot import the package.
 */
export function renderAccountPage(): string {
  const planNames = JSON.stringify(Object.fromEntries(plans.map((plan) => [plan.id, plan.name])));
  const body = `<main class="account" aria-labelledby="account-title" data-account-app data-plan-names="${escapeHtml(planNames)}">
<div class="account-head">
  <h1 class="account-title" id="account-title">Plan and billing</h1>
  <p class="muted">Your subscription, its seats and your billing details.</p>
</div>

<div class="card state state--loading" data-state="loading" role="status">
  <span class="spinner" aria-hidden="true"></span>
  <span>Loading your account…</span>
</div>

<section class="card state state--signed-out" data-state="signed-out" aria-labelledby="signed-out-title" hidden>
  <span class="state-icon">${icon('lock')}</span>
  <h2 id="signed-out-title" class="state-title">Sign in to see your account.</h2>
  <p class="muted">Your plan, seats and billing details appear here once you are signed in.</p>
  <p class="muted" data-field="loadError" hidden></p>
  <a class="button button--primary" href="${escapeHtml(signInHref)}" target="_top">Sign in</a>
</section>

<section class="card" data-state="account" aria-label="Subscription" hidden>
  <dl class="fields">
    <div class="field"><dt>Email</dt><dd data-field="email"></dd></div>
    <div class="field"><dt>Plan</dt><dd data-field="plan"></dd></div>
    <div class="field" data-field="statusRow"><dt>Status</dt><dd><span class="pill" data-field="status"></span></dd></div>
    <div class="field"><dt>Seats</dt><dd class="seats-value"><span data-field="seats"></span><progress class="seats-meter" data-field="seatsMeter" aria-hidden="true" hidden></progress></dd></div>
    <div class="field" data-field="dateRow" hidden><dt data-field="dateLabel"></dt><dd data-field="date"></dd></div>
  </dl>
  <p class="alert" role="alert" data-field="billingError"></p>
  <div class="card-footer">
    <p class="muted footer-text" data-field="footerText">Change your plan or seats, update your card and see invoices in the billing portal.</p>
    <div class="actions">
      <a class="button button--primary" data-field="choosePlan" href="/pricing" target="_top" hidden>Choose a plan</a>
      <button type="button" class="button button--outline" data-field="manageBilling">${icon('card')}<span data-field="manageBillingLabel">Manage billing</span></button>
    </div>
  </div>
</section>
<noscript><p class="card state">Turn on JavaScript to see your account.</p></noscript>
</main>`;
  return renderDocument({
    title: 'My account',
    body,
    bodyClass: 'page-account',
    scripts: [accountScript],
  });
}
