import { Link } from 'react-router';
import { buttonClasses } from '#web/components/forms/button.tsx';

// §4 Billing tab: with an active plan it opens the payment provider's billing portal, otherwise it
// goes to /pricing. Plans are not sold yet, so for now the tab says so and links to the pricing page.
export function BillingSettingsPanel() {
  return (
    <div className="rounded-lg bg-slate-50 p-6 text-sm text-slate-700 ring-1 ring-slate-200">
      <h2 className="text-base font-semibold text-slate-900">Billing</h2>
      <p className="mt-2">
        Billing arrives with plans. Once you subscribe, this is where you will manage your plan, payment
        method and invoices.
      </p>
      <Link to="/pricing" className={buttonClasses({ className: 'mt-4' })}>
        See plans and pricing
      </Link>
    </div>
  );
}
