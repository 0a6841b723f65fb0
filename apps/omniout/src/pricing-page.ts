import { formatMonthlyPrice, type Plan, plans } from '@app/plans';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function planCard(plan: Plan): string {
  const features = plan.features.map((feature) => `<li>${escapeHtml(feature)}</li>`).join('');
  const seats = plan.seats === 1 ? '1 seat' : `${plan.seats} seats`;
  return `<article class="plan${plan.highlighted ? ' plan--highlighted' : ''}" aria-labelledby="plan-${plan.id}">
  ${plan.highlighted ? '<p class="badge">Most popular</p>' : ''}
  <h2 id="plan-${plan.id}">${escapeHtml(plan.name)}</h2>
  <p class="price"><span class="amount">${formatMonthlyPrice(plan.monthlyAmount)}</span> <span class="period">/ month</span></p>
  <p class="seats">${seats}</p>
  <ul>${features}</ul>
  <a class="choose" href="/purchase/${plan.id}" target="_top" data-plan="${plan.id}">Choose ${escapeHtml(plan.name)}</a>
</article>`;
}

/** The page shown in the /pricing frame. Choosing a plan navigates the top window to /purchase/{plan}. */
export function renderPricingPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plans and pricing</title>
<link rel="stylesheet" href="omniout.css">
</head>
<body>
<main aria-label="Plans and pricing">
<h1 class="sr-only">Plans and pricing</h1>
<div class="plans">
${plans.map(planCard).join('\n')}
</div>
<p class="note">Prices in USD, billed monthly. Change seats or cancel at any time.</p>
</main>
</body>
</html>
`;
}
