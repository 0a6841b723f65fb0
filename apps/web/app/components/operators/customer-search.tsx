import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/forms/button.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';
import { SettingsCard } from '#web/components/layout/settings-card.tsx';
import { useOutcome } from '#web/hooks/use-app-form.ts';
import { type Customer, searchCustomers } from '#web/lib/operators.ts';

/** Customers by email, workspace (its owner's) name or the payment provider's customer id. */
export function CustomerSearch() {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Customer[] | null>(null);
  const { outcome, run } = useOutcome();
  const search = () =>
    run(async () => {
      setFound((await searchCustomers(q.trim())).customers);
    });
  return (
    <SettingsCard
      id="customer-search"
      title="Find a customer"
      intro="By email address, workspace name or customer id (cus_…). Each search is recorded in the operator audit log."
    >
      <form
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <TextField
          id="customer-search-q"
          label="Email, workspace or customer id"
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
          maxLength={200}
          className="sm:flex-1"
        />
        <Button type="submit">Search</Button>
      </form>
      <FormOutcome outcome={outcome} className="mt-4" />
      {found && <CustomerResults customers={found} />}
    </SettingsCard>
  );
}

function CustomerResults({ customers }: { customers: Customer[] }) {
  if (customers.length === 0)
    return (
      <p className="mt-4 text-sm text-slate-700" role="status">
        No customer matches.
      </p>
    );
  return (
    <ul
      aria-label="Customers found"
      className="mt-4 divide-y divide-slate-200 rounded-md ring-1 ring-slate-200"
    >
      {customers.map((customer) => (
        <li
          key={customer.workspace}
          className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <Link
              to={`/admin/workspaces/${encodeURIComponent(customer.workspace)}`}
              className="font-medium break-all text-brand-700 underline hover:text-brand-800"
            >
              {customer.email}
            </Link>
            <p className="text-slate-600">
              {customer.name ?? 'No name'} · {customer.customerId ?? 'no customer yet'}
            </p>
          </div>
          <p className="text-slate-700">
            {customer.subscriptionStatus ?? 'no plan'}
            {customer.locked && <span className="ml-2 font-semibold text-red-700">Locked</span>}
          </p>
        </li>
      ))}
    </ul>
  );
}
