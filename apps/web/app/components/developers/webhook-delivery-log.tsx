import { webhookEventLabel } from '@launchkit/api-contract/webhook-events';
import { Button } from '#web/components/forms/button.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { useRowActions } from '#web/hooks/use-row-actions.ts';
import { describeWhen } from '#web/lib/activity.ts';
import { listWebhookDeliveries, redeliverWebhook, type WebhookDelivery } from '#web/lib/webhooks.ts';

const statusLabels: Record<WebhookDelivery['status'], { label: string; classes: string }> = {
  succeeded: { label: 'Delivered', classes: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30' },
  pending: { label: 'Retrying', classes: 'bg-amber-50 text-amber-900 ring-amber-600/30' },
  failed: { label: 'Failed', classes: 'bg-red-50 text-red-800 ring-red-600/30' },
};

/**
 * An endpoint's delivery log (the latest 50): each event's status, last answer, duration, attempts,
 * and "Redeliver", which sends the same event (same id, same body) again as a delivery of its own.
 */
export function WebhookDeliveryLog({
  workspace,
  endpointId,
  labelledBy,
}: {
  workspace: string | null;
  endpointId: string;
  labelledBy: string;
}) {
  const resource = useApiResource((signal) => listWebhookDeliveries(workspace, endpointId, signal));
  const { data: deliveries, error, reload, retry } = resource;
  const { busyId, outcome, act } = useRowActions(reload);
  const redeliver = (delivery: WebhookDelivery) =>
    void act(delivery.id, async () => {
      await redeliverWebhook(workspace, endpointId, delivery.id);
      return `${delivery.eventType} queued again.`;
    });

  if (deliveries === null) {
    return error ? <LoadFailure error={error} onRetry={retry} /> : <LoadingStatus className="py-6" />;
  }
  return (
    <div className="space-y-3" data-testid="webhook-delivery-log">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600">The latest deliveries, newest first.</p>
        <Button variant="secondary" onClick={reload}>
          Refresh
        </Button>
      </div>
      <FormOutcome outcome={outcome} />
      {deliveries.length === 0 ? (
        <p className="text-sm text-slate-600">
          No deliveries yet: they appear here when a chosen event happens.
        </p>
      ) : (
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          aria-labelledby={labelledBy}
          // relative: the visually hidden header stays inside the scrolled box, not widening the page.
          className="relative overflow-x-auto"
        >
          <table className="w-full min-w-[36rem] text-left text-sm" aria-labelledby={labelledBy}>
            <DeliveryTableHead />
            <tbody className="divide-y divide-slate-200">
              {deliveries.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  delivery={delivery}
                  isBusy={busyId === delivery.id}
                  onRedeliver={() => redeliver(delivery)}
                />
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

/** The table's column headings; the last, over Redeliver, is named for assistive technology only. */
const columns = ['Event', 'Status', 'Response', 'Duration', 'Attempts', ''];

function DeliveryTableHead() {
  const cells = columns.map((column) => (
    <th key={column} scope="col" className="py-2 pr-3 font-medium">
      {column || <span className="sr-only">Actions</span>}
    </th>
  ));
  return (
    <thead className="text-xs text-slate-600">
      <tr>{cells}</tr>
    </thead>
  );
}

function DeliveryRow({
  delivery,
  isBusy,
  onRedeliver,
}: {
  delivery: WebhookDelivery;
  isBusy: boolean;
  onRedeliver: () => void;
}) {
  const status = statusLabels[delivery.status];
  const eventId = `webhook-delivery-${delivery.id}`;
  return (
    <tr data-testid="webhook-delivery-row" data-status={delivery.status}>
      <td className="py-2 pr-3 align-top">
        <span id={eventId} className="block font-mono text-xs text-slate-900">
          {delivery.eventType}
        </span>
        <span className="block text-xs text-slate-600">
          {webhookEventLabel(delivery.eventType)} · {describeWhen(delivery.createdAt)}
        </span>
      </td>
      <td className="py-2 pr-3 align-top">
        <span
          className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${status.classes}`}
        >
          {status.label}
        </span>
        {delivery.error && delivery.status !== 'succeeded' && (
          <span className="mt-1 block max-w-56 break-words text-xs text-slate-600">{delivery.error}</span>
        )}
      </td>
      <td className="py-2 pr-3 align-top font-mono text-xs" data-testid="webhook-delivery-response">
        {delivery.responseStatus ?? '—'}
      </td>
      <td className="py-2 pr-3 align-top text-xs">
        {delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}
      </td>
      <td className="py-2 pr-3 align-top text-xs">{delivery.attempts}</td>
      <td className="py-2 align-top text-right">
        <Button
          variant="secondary"
          aria-describedby={eventId}
          busy={isBusy}
          busyLabel="Queuing…"
          onClick={onRedeliver}
        >
          Redeliver
        </Button>
      </td>
    </tr>
  );
}
