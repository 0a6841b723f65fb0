import { formatLongDate } from '@launchkit/plans';
import type { ReactNode } from 'react';
import { Button } from '#web/components/forms/button.tsx';
import { SettingsCard, SettingsList } from '#web/components/layout/settings-card.tsx';
import type { CustomerWorkspace } from '#web/lib/operators.ts';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );

/** A list in a card, or the line that says it is empty. */
function Listing<T>({
  id,
  title,
  rows,
  empty,
  row,
}: {
  id: string;
  title: string;
  rows: T[];
  empty: string;
  row: (item: T) => ReactNode;
}) {
  return (
    <SettingsCard id={id} title={title}>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{empty}</p>
      ) : (
        <SettingsList labelledBy={`${id}-title`} className="mt-4 text-sm">
          {rows.map(row)}
        </SettingsList>
      )}
    </SettingsCard>
  );
}

/** The workspace's invoices at the provider and its latest activity: what the customer sees, read-only. */
export function InvoicesAndActivity({ data }: { data: CustomerWorkspace }) {
  return (
    <>
      <Listing
        id="admin-invoices"
        title="Invoices (at the payment provider)"
        rows={data.invoices}
        empty="No invoices."
        row={(invoice) => (
          <li key={invoice.id} className="flex flex-wrap justify-between gap-2 p-3">
            <span className="break-all">{invoice.number ?? invoice.id}</span>
            <span>
              {money(invoice.total, invoice.currency)} · {invoice.status ?? 'draft'} ·{' '}
              {formatLongDate(invoice.created)}
            </span>
          </li>
        )}
      />
      <Listing
        id="admin-activity"
        title="Recent activity"
        rows={data.activity}
        empty="No activity yet."
        row={(entry) => (
          <li key={`${entry.createdAt} ${entry.action} ${entry.subject}`} className="p-3">
            <span className="font-medium">{entry.action}</span> {entry.subject}{' '}
            <span className="text-slate-600">
              by {entry.actorEmail}, {formatLongDate(entry.createdAt)}
            </span>
          </li>
        )}
      />
    </>
  );
}

/** API keys by prefix and webhook endpoints by address: never a secret; an endpoint can be turned off. */
export function KeysAndWebhooks({
  data,
  onDisable,
}: {
  data: CustomerWorkspace;
  onDisable: (endpoint: string) => void;
}) {
  return (
    <>
      <Listing
        id="admin-api-keys"
        title="API keys"
        rows={data.apiKeys}
        empty="No API keys."
        row={(key) => (
          <li key={key.id} className="flex flex-wrap justify-between gap-2 p-3">
            <span className="break-all">
              {key.name} <code>{key.prefix}…</code>
            </span>
            <span>
              {key.role}
              {key.revoked && ' · revoked'}
            </span>
          </li>
        )}
      />
      <Listing
        id="admin-webhooks"
        title="Webhook endpoints"
        rows={data.webhookEndpoints}
        empty="No webhook endpoints."
        row={(endpoint) => (
          <li
            key={endpoint.id}
            className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <span className="min-w-0 break-all">
              {endpoint.url}
              <span className="block text-slate-600">
                {endpoint.enabled ? 'Enabled' : `Off: ${endpoint.disabledReason ?? ''}`}
              </span>
            </span>
            {endpoint.enabled && (
              <Button
                variant="secondary"
                onClick={() => onDisable(endpoint.id)}
                aria-label={`Turn off ${endpoint.url}`}
              >
                Turn off
              </Button>
            )}
          </li>
        )}
      />
    </>
  );
}
