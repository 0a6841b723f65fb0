import { formatLongDate } from '@launchkit/plans';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { ExternalLinkIcon } from '#web/components/icons.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { SettingsCard } from '#web/components/layout/settings-card.tsx';
import type { ApiResource } from '#web/hooks/use-api-resource.ts';
import type { InvoiceSummary } from '#web/lib/billing.ts';
import { formatAmount } from '#web/lib/plan-change.ts';

const statusStyles: Record<string, { label: string; classes: string }> = {
  paid: { label: 'Paid', classes: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30' },
  open: { label: 'Open', classes: 'bg-amber-50 text-amber-900 ring-amber-600/30' },
  draft: { label: 'Draft', classes: 'bg-slate-50 text-slate-700 ring-slate-500/30' },
  void: { label: 'Void', classes: 'bg-slate-50 text-slate-700 ring-slate-500/30' },
  uncollectible: { label: 'Uncollectible', classes: 'bg-red-50 text-red-800 ring-red-600/30' },
};

const columns = ['Invoice', 'Period', 'Amount', 'Status'];

/**
 * The owner's invoices, newest first: a table on wider screens, one card per invoice on phones (five
 * columns do not fit 375 px). Each links to the provider's page for it (receipt, PDF).
 */
export function InvoiceList({ invoices }: { invoices: ApiResource<InvoiceSummary[]> }) {
  const { data, error, retry } = invoices;
  let content = <LoadingStatus className="py-6" />;
  if (error) content = <LoadFailure error={error} onRetry={retry} />;
  else if (data?.length === 0) content = <p className="text-sm text-slate-600">No invoices yet.</p>;
  else if (data) {
    content = (
      <>
        <table className="hidden w-full text-left text-sm sm:table" aria-labelledby="invoices-title">
          <thead className="text-xs text-slate-600">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className="py-2 pr-3 font-medium">
                  {column}
                </th>
              ))}
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Link</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {data.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </tbody>
        </table>
        <ul aria-labelledby="invoices-title" className="divide-y divide-slate-200 sm:hidden">
          {data.map((invoice) => (
            <InvoiceCard key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      </>
    );
  }
  return (
    <SettingsCard id="invoices" title="Invoices" testId="plan-invoices">
      <div className="mt-4">{content}</div>
    </SettingsCard>
  );
}

const numberOf = (invoice: InvoiceSummary) => invoice.number ?? 'Draft';

/** 'March 3rd 2027 – April 3rd 2027', or one date for an invoice of a moment (a change's proration). */
function periodOf({ periodStart, periodEnd }: InvoiceSummary): string {
  const start = formatLongDate(periodStart);
  const end = formatLongDate(periodEnd);
  return start === end ? start : `${start} – ${end}`;
}

function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <tr data-testid="invoice-row">
      <td className="py-2.5 pr-3 font-mono text-xs text-slate-900">{numberOf(invoice)}</td>
      <td className="py-2.5 pr-3 text-slate-700">{periodOf(invoice)}</td>
      <td className="py-2.5 pr-3 whitespace-nowrap tabular-nums text-slate-900" data-testid="invoice-total">
        {formatAmount(invoice.total)}
      </td>
      <td className="py-2.5 pr-3">
        <InvoiceStatus status={invoice.status} />
      </td>
      <td className="py-2.5 text-right">
        <InvoiceLink invoice={invoice} />
      </td>
    </tr>
  );
}

function InvoiceCard({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <li className="space-y-1 py-3 text-sm" data-testid="invoice-card">
      <div className="flex items-center justify-between gap-3">
        <span className="font-mono text-xs text-slate-900">{numberOf(invoice)}</span>
        <InvoiceStatus status={invoice.status} />
      </div>
      <div className="flex items-center justify-between gap-3">
        <span className="text-slate-700">{periodOf(invoice)}</span>
        <span className="font-semibold whitespace-nowrap tabular-nums text-slate-900">
          {formatAmount(invoice.total)}
        </span>
      </div>
      <InvoiceLink invoice={invoice} />
    </li>
  );
}

function InvoiceStatus({ status }: { status: string }) {
  const style = statusStyles[status] ?? { label: status, classes: statusStyles.draft?.classes ?? '' };
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${style.classes}`}
    >
      {style.label}
    </span>
  );
}

/** The provider's page for the invoice, in a new tab; named with the invoice for a list of links. */
function InvoiceLink({ invoice }: { invoice: InvoiceSummary }) {
  if (!invoice.hostedInvoiceUrl) return null;
  return (
    <a
      href={invoice.hostedInvoiceUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="link inline-flex items-center gap-1"
    >
      View<span className="sr-only"> invoice {numberOf(invoice)} (opens in a new tab)</span>
      <ExternalLinkIcon className="size-3.5" />
    </a>
  );
}
